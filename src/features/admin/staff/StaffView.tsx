/**
 * ?view=staff (issue 32 item 1): every account with its role, last sign-in and the devices it is
 * signed in on. Owners grant and take roles, remove accounts and sign devices out (each asks
 * first: it ends sessions); everyone else sees only their own account. The server checks the owner
 * role on every write (hooks/lib/staff-accounts.ts) and keeps the last owner.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Button } from '../../../components/Button';
import { notify } from '../../../components/toast';
import { authErrorMessage } from '../session';
import { useModalDialog } from '../useModalDialog';
import { AccountCard, type CardRequest } from './AccountCard';
import { InviteForm } from './InviteForm';
import { changeRole, endDevice, fetchStaff, removeAccount, type Answer, type StaffAccount } from './staffApi';
import { confirmCopy, ownerCount, sortAccounts } from './staffLogic';
import styles from './StaffView.module.css';

export const STAFF_KEY = ['staff', 'accounts'] as const;

type Pending = { account: StaffAccount; request: CardRequest };

function run({ account, request }: Pending): Promise<Answer> {
  if (request.kind === 'remove') return removeAccount(account.id);
  if (request.kind === 'device') return endDevice(account.id, request.device.id);
  return changeRole(account.id, request.action.role, request.action.grant);
}

function copyOf({ account, request }: Pending) {
  if (request.kind === 'role') return confirmCopy('role', account, request.action.label);
  if (request.kind === 'device') return confirmCopy('device', account, request.device.name || 'this unnamed device');
  return confirmCopy('remove', account);
}

export function StaffView() {
  const uid = useId();
  const client = useQueryClient();
  const query = useQuery({ queryKey: STAFF_KEY, queryFn: fetchStaff, staleTime: 10_000 });
  const [asking, setAsking] = useState<Pending | null>(null);
  const [dialogRef, closeDialog] = useModalDialog(asking !== null);
  const mutation = useMutation({
    mutationFn: run,
    onSuccess: (answer) => notify.success('Done', answer.message || undefined),
    onError: (error) => notify.error('Not changed', authErrorMessage(error)),
    onSettled: () => client.invalidateQueries({ queryKey: STAFF_KEY }),
  });

  const close = () => {
    closeDialog();
    setAsking(null);
  };

  const list = query.data;
  // "Seen 5 min ago" as of the answer, so a re-render never makes it drift from what was fetched.
  const nowMs = query.dataUpdatedAt || 0;
  const accounts = list ? sortAccounts(list.accounts) : [];
  const owners = ownerCount(accounts);
  const copy = asking ? copyOf(asking) : null;
  const danger = asking !== null && (asking.request.kind !== 'role' || asking.request.action.danger);

  return (
    <section className={styles.view} aria-labelledby={`${uid}-title`}>
      <header className={styles.head}>
        <div>
          <h2 id={`${uid}-title`} className={styles.title}>
            Staff
          </h2>
          <p className={styles.headMeta}>
            {list?.owner ? `${accounts.length} accounts · ${owners} ${owners === 1 ? 'owner' : 'owners'}` : 'Your account and the devices it is signed in on.'}
          </p>
        </div>
      </header>

      {list?.owner ? <InviteForm /> : null}

      {query.isPending ? <p className={styles.status}>Loading staff accounts…</p> : null}
      {query.isError ? (
        <div className={styles.status} role="alert">
          <p>{authErrorMessage(query.error)}</p>
          <Button variant="secondary" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </div>
      ) : null}
      {list ? (
        <ul className={styles.accounts} aria-label="Staff accounts">
          {accounts.map((a) => (
            <AccountCard key={a.id} account={a} isMe={a.id === list.me} viewerIsOwner={list.owner} owners={owners} nowMs={nowMs} busy={mutation.isPending} onRequest={(account, request) => setAsking({ account, request })} />
          ))}
        </ul>
      ) : null}

      <dialog ref={dialogRef} className={styles.dialog} aria-labelledby={`${uid}-ask`} aria-describedby={`${uid}-ask-body`} onClose={() => setAsking(null)}>
        {asking && copy ? (
          <div className={styles.dialogBody}>
            <h2 id={`${uid}-ask`} className={styles.dialogTitle}>
              {copy.title}
            </h2>
            <p id={`${uid}-ask-body`} className={styles.dialogText}>
              {copy.body}
            </p>
            <div className={styles.dialogActions}>
              <Button variant="secondary" onClick={close} autoFocus>
                Keep it
              </Button>
              <Button
                variant={danger ? 'danger' : 'primary'}
                onClick={() => {
                  mutation.mutate(asking);
                  close();
                }}
              >
                {copy.confirm}
              </Button>
            </div>
          </div>
        ) : null}
      </dialog>
    </section>
  );
}
