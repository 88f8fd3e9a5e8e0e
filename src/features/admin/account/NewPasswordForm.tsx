import { useId, useRef, useState, type FormEvent } from 'react';
import { ButtonLink } from '../../../components/Button';
import { Field, SubmitButton, controlAria, useBusy } from '../../../components/form';
import { STAFF_ACCOUNT_MESSAGES, checkNewPassword } from '../../../lib/rules/staffAccounts';
import { LOGIN_PATH } from '../AdminDashboard';
import type { SetPassword } from './accountApi';
import styles from '../AdminLogin.module.css';

/** The link's token, from the page's address (?token=…); '' when missing. */
export function tokenFromLocation(): string {
  if (typeof window === 'undefined') return '';
  return new URLSearchParams(window.location.search).get('token') ?? '';
}

/**
 * A new password and its confirmation (the sign-up's rule, SPEC §5), for the reset and invitation
 * links: checked here with the shared rule, then by the server. The error sits under the field
 * it is about and takes focus; once done, the page says so and offers the login.
 */
export function NewPasswordForm({ token, submit, label, busyLabel, done }: { token: string; submit: SetPassword; label: string; busyLabel: string; done: string }) {
  const uid = useId();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [show, setShow] = useState(false);
  const [error, setError] = useState('');
  const [finished, setFinished] = useState(false);
  const { busy, state, run } = useBusy();
  const first = useRef<HTMLInputElement>(null);

  if (!token) return <LinkProblem message={STAFF_ACCOUNT_MESSAGES.linkMissing} />;
  if (finished) {
    return (
      <div className={`${styles.panel} ${styles.stack}`}>
        <p role="status" className={styles.done}>
          {done}
        </p>
        <ButtonLink href={LOGIN_PATH} size="lg" block>
          Go to the login
        </ButtonLink>
      </div>
    );
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const problem = checkNewPassword(password, confirm);
    if (problem) {
      setError(problem);
      first.current?.focus();
      return;
    }
    void run(async () => {
      const failure = await submit(token, password, confirm);
      if (failure) {
        setError(failure);
        first.current?.focus();
      } else setFinished(true);
    });
  };

  const id = `${uid}-password`;
  const confirmId = `${uid}-confirm`;
  return (
    <form onSubmit={onSubmit} noValidate aria-busy={busy} className={`${styles.panel} ${styles.stack}`}>
      <Field id={id} label="New password" error={error || undefined} hint="At least 6 characters.">
        <div className={styles.passwordRow}>
          <input
            ref={first}
            className={styles.input}
            {...controlAria(id, { error: error || undefined, hint: 'At least 6 characters.' })}
            type={show ? 'text' : 'password'}
            autoComplete="new-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            required
          />
          <button type="button" className={styles.reveal} aria-pressed={show} onClick={() => setShow((v) => !v)}>
            {show ? 'Hide' : 'Show'}
            <span className="visually-hidden"> passwords</span>
          </button>
        </div>
      </Field>
      <Field id={confirmId} label="New password again">
        <input
          className={styles.input}
          {...controlAria(confirmId, {})}
          type={show ? 'text' : 'password'}
          autoComplete="new-password"
          value={confirm}
          onChange={(e) => setConfirm(e.target.value)}
          required
        />
      </Field>
      <SubmitButton state={state} size="lg" block label={label} busyLabel={busyLabel} />
    </form>
  );
}

/** A link that cannot work (incomplete): what to do instead. */
function LinkProblem({ message }: { message: string }) {
  return (
    <div className={`${styles.panel} ${styles.stack}`}>
      <p role="alert" className={styles.problem}>
        {message}
      </p>
      <ButtonLink href={LOGIN_PATH} variant="secondary" size="lg" block>
        Go to the login
      </ButtonLink>
    </div>
  );
}
