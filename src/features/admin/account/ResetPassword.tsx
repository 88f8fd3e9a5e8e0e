import { STAFF_ACCOUNT_MESSAGES } from '../../../lib/rules/staffAccounts';
import { AccountCard } from './AccountCard';
import { confirmReset } from './accountApi';
import { NewPasswordForm, tokenFromLocation } from './NewPasswordForm';

/**
 * /admin/reset-password?token=… (issue 32): the page a reset mail's link opens. Setting the
 * password ends every session of the account; the next sign-in still asks for the emailed code.
 */
export function ResetPassword() {
  return (
    <AccountCard title="Set a new password" intro="Choose the password for your staff account. Every device signed in to it will be signed out.">
      <NewPasswordForm token={tokenFromLocation()} submit={confirmReset} label="Set new password" busyLabel="Saving..." done={STAFF_ACCOUNT_MESSAGES.resetDone} />
    </AccountCard>
  );
}
