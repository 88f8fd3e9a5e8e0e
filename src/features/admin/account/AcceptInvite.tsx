import { STAFF_ACCOUNT_MESSAGES } from '../../../lib/rules/staffAccounts';
import { AccountCard } from './AccountCard';
import { acceptInvite } from './accountApi';
import { NewPasswordForm, tokenFromLocation } from './NewPasswordForm';

/**
 * /admin/accept-invite?token=… (issue 32): the page an owner's invitation opens. The password set
 * here makes the staff account (admin role); signing in then asks for the emailed code.
 */
export function AcceptInvite() {
  return (
    <AccountCard title="Join the staff" intro="Choose a password for your staff account. Your email is the one the invitation was sent to.">
      <NewPasswordForm token={tokenFromLocation()} submit={acceptInvite} label="Create my account" busyLabel="Creating account..." done={STAFF_ACCOUNT_MESSAGES.inviteAccepted} />
    </AccountCard>
  );
}
