import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Button } from '../../../components/Button';
import { SubmitButton, TextField, useBusy } from '../../../components/form';
import { checkEmail } from '../../../lib/rules/validate';
import { requestReset } from './accountApi';
import styles from '../AdminLogin.module.css';

/**
 * "Forgot password?" on /admin/login (issue 32): asks for a reset link by mail. The answer is the
 * same whether or not an account has the email (the server's too), so the screen says "if".
 */
export function ForgotPassword({ onBack }: { onBack: () => void }) {
  const uid = useId();
  const [email, setEmail] = useState('');
  const [error, setError] = useState('');
  const [sent, setSent] = useState('');
  const { busy, state, run } = useBusy();
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => input.current?.focus(), []);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const problem = checkEmail(email);
    if (problem) {
      setError(problem);
      input.current?.focus();
      return;
    }
    void run(async () => {
      setError('');
      const answer = await requestReset(email.trim());
      if (answer.ok) setSent(answer.message);
      else {
        setSent('');
        setError(answer.message);
        input.current?.focus();
      }
    });
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-busy={busy} aria-labelledby={`${uid}-title`} className={`${styles.panel} ${styles.stack}`}>
      <h2 id={`${uid}-title`} className={styles.stepTitle}>
        Forgot your password?
      </h2>
      <p className={styles.intro}>Enter your staff email. We&rsquo;ll email you a link to set a new password.</p>
      {sent ? (
        <p role="status" className={styles.done}>
          {sent}
        </p>
      ) : null}
      <TextField
        ref={input}
        id={`${uid}-email`}
        label="Email"
        error={error || undefined}
        controlClassName={styles.input}
        type="email"
        inputMode="email"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        required
      />
      <SubmitButton state={state} size="lg" block label="Send reset link" busyLabel="Sending..." />
      <div className={styles.stepActions}>
        <Button variant="secondary" onClick={onBack} disabled={busy}>
          Back to login
        </Button>
      </div>
    </form>
  );
}
