import { useCallback, useEffect, useId, useState } from 'react';
import { Button } from '../../../components/Button';
import { Form, FormMessage, SubmitButton, TextField, useBusy, useSchemaForm, type Schemas } from '../../../components/form';
import * as schemas from '../../../lib/rules/schemas';
import type { StaffEmailInput } from '../../../lib/rules/schemas';
import { STAFF_ACCOUNT_MESSAGES } from '../../../lib/rules/staffAccounts';
import { cancelInvite, inviteFailure, listInvites, sendInvite, type PendingInvite } from './inviteApi';
import styles from './InviteForm.module.css';

type Message = { kind: 'ok' | 'error'; text: string } | null;
type Values = { email: string };
const EMPTY: Values = { email: '' };
const pickSchema = (s: Schemas) => s.staffEmailSchema;
/** The dashboard's code carries the schemas already (its other editors), so the check answers at once. */
const withDashboard = () => Promise.resolve(schemas);

/** "Fri, Nov 27, 1:05 PM": when a link stops working, in the tablet's own time. */
function until(stamp: string): string {
  const date = new Date(stamp.replace(' ', 'T'));
  return Number.isNaN(date.getTime()) ? stamp : date.toLocaleString('en-US', { weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });
}

/**
 * Owners invite staff by email (issue 32): the link works once, for 72 hours, and makes a door
 * staff account (admin role). Below the form, the invitations not yet used, each with
 * "Cancel invite". The Staff view renders it (owners only; the routes refuse anyone else).
 */
export function InviteForm() {
  const uid = useId();
  const form = useSchemaForm<Values, StaffEmailInput>({ defaultValues: EMPTY, schema: pickSchema, load: withDashboard });
  const [message, setMessage] = useState<Message>(null);
  const [pending, setPending] = useState<PendingInvite[] | null>(null);
  const [cancelling, setCancelling] = useState('');
  const { busy, state, run } = useBusy();

  // Bumped after each invite or cancel: the list loads again.
  const [version, setVersion] = useState(0);
  const reload = useCallback(() => setVersion((n) => n + 1), []);

  useEffect(() => {
    let live = true;
    listInvites().then(
      (items) => live && setPending(items),
      (error: unknown) => {
        if (!live) return;
        setPending([]);
        setMessage({ kind: 'error', text: inviteFailure(error) });
      },
    );
    return () => {
      live = false;
    };
  }, [version]);

  const onValid = ({ email }: StaffEmailInput) =>
    run(async () => {
      try {
        const invite = await sendInvite(email);
        form.reset(EMPTY);
        setMessage({ kind: 'ok', text: `${STAFF_ACCOUNT_MESSAGES.inviteSent} (${invite.email})` });
      } catch (error) {
        setMessage({ kind: 'error', text: inviteFailure(error) });
        form.setFocus('email');
      }
      reload();
    });

  async function cancel(invite: PendingInvite) {
    setCancelling(invite.id);
    try {
      await cancelInvite(invite.id);
      setMessage({ kind: 'ok', text: `${STAFF_ACCOUNT_MESSAGES.inviteCancelled} (${invite.email})` });
    } catch (error) {
      setMessage({ kind: 'error', text: inviteFailure(error) });
    } finally {
      setCancelling('');
      reload();
    }
  }

  return (
    <section className={styles.panel} aria-labelledby={`${uid}-title`}>
      <div>
        <h2 id={`${uid}-title`} className={styles.title}>
          Invite staff
        </h2>
        <p className={styles.meta}>The link works once, for 72 hours. Whoever opens it sets a password, then signs in with an emailed code.</p>
      </div>
      <Form form={form} onValid={onValid} onInvalid={() => setMessage(null)} busy={busy} noValidate className={styles.form}>
        <div className={styles.row}>
          <TextField
            id={form.idOf('email')}
            error={form.errorOf('email')}
            {...form.register('email')}
            label="Email"
            controlClassName={styles.input}
            type="email"
            inputMode="email"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            required
          />
          <SubmitButton state={state} label="Send invite" busyLabel="Sending..." />
        </div>
      </Form>
      <FormMessage kind={message?.kind}>{message?.text}</FormMessage>
      <h3 className={styles.subtitle}>Pending invitations</h3>
      {pending === null ? (
        <p className={styles.empty}>Loading…</p>
      ) : pending.length === 0 ? (
        <p className={styles.empty}>No invitation is waiting.</p>
      ) : (
        <ul className={styles.list}>
          {pending.map((invite) => (
            <li key={invite.id} className={styles.item}>
              <span>
                <span className={styles.email}>{invite.email}</span>
                <span className={styles.meta}> · link works until {until(invite.expires)}</span>
              </span>
              <Button
                variant="secondary"
                onClick={() => void cancel(invite)}
                disabled={cancelling === invite.id}
                aria-label={`${cancelling === invite.id ? 'Cancelling' : 'Cancel invite'} for ${invite.email}`}
              >
                {cancelling === invite.id ? 'Cancelling...' : 'Cancel invite'}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
