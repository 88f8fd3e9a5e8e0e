import { useId, useRef, useState, type FormEvent } from 'react';
import { Button } from '../../components/Button';
import { SubmitButton, TextField, useBusy } from '../../components/form';
import { notify } from '../../components/toast';
import { FAILURE_MESSAGES, TOAST_TITLES } from '../../lib/rules/limits';
import { STAFF_AUTH_MESSAGES } from '../../lib/rules/staffAuth';
import { authErrorMessage, signOut } from './session';
import { signOutEverywhere } from './twoFactor';
import styles from './SignOutEverywhere.module.css';

/**
 * "Sign out everywhere" (issue 11): ends every session of an account on every device, for a
 * lost tablet or a password someone else has seen. Opens a dialog (a tap, never a hover) with the
 * signed-in account filled in; an admin may name another staff account instead. Ending one's own
 * sessions signs this tablet out too, and the dashboard goes back to the login screen.
 */
export function SignOutEverywhere({ email }: { email: string }) {
  const uid = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const [target, setTarget] = useState(email);
  const { state, run } = useBusy();

  const open = () => {
    setTarget(email);
    dialog.current?.showModal();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      const account = target.trim();
      try {
        await signOutEverywhere(account);
        dialog.current?.close();
        notify.success(TOAST_TITLES.loginSuccess, STAFF_AUTH_MESSAGES.signedOutEverywhere);
        if (account.toLowerCase() === email.toLowerCase()) signOut({ ended: true });
      } catch (error) {
        const message = authErrorMessage(error);
        notify.error(TOAST_TITLES.error, message === FAILURE_MESSAGES.unexpected ? STAFF_AUTH_MESSAGES.signOutEverywhereFailed : message);
      }
    });
  };

  return (
    <>
      <Button variant="secondary" onClick={open}>
        Sign out everywhere
      </Button>
      <dialog ref={dialog} className={styles.dialog} aria-labelledby={`${uid}-title`}>
        <form onSubmit={submit} className={styles.form}>
          <h2 id={`${uid}-title`} className={styles.title}>
            Sign out everywhere
          </h2>
          <p className={styles.text}>Ends every session of this account, on every tablet and phone. It signs in again with its password and an emailed code.</p>
          <TextField
            id={`${uid}-email`}
            label="Account email"
            type="email"
            inputMode="email"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            value={target}
            onChange={(event) => setTarget(event.target.value)}
            required
          />
          <div className={styles.actions}>
            <SubmitButton state={state} label="End all sessions" busyLabel="Ending sessions..." />
            <Button variant="secondary" onClick={() => dialog.current?.close()}>
              Cancel
            </Button>
          </div>
        </form>
      </dialog>
    </>
  );
}
