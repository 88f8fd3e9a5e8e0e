import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Button } from '../../components/Button';
import { SubmitButton, TextField, useBusy } from '../../components/form';
import { STAFF_AUTH, STAFF_AUTH_MESSAGES, isStaffCode } from '../../lib/rules/staffAuth';
import { codeErrorMessage, finishSignIn, requestCode, type CodeChallenge } from './twoFactor';
import type { StaffUser } from './session';
import styles from './AdminLogin.module.css';

/**
 * The second step of a staff sign-in (issue 11): the code emailed to the account, a resend
 * (one per sign-in per half minute: the server answers a resend within it like any other, so as
 * not to tell whether an account exists, and mails nothing; the screen keeps the wait itself and
 * says so. A few per minute per device; each refusal names its limit, twoFactor.ts limitMessage) and a
 * way back to the password. Messages appear under the field, read out as they change; the
 * field and its button sit together at the top of the card, so both stay above a tablet's
 * on-screen keyboard.
 */
export function StaffCodeStep({
  challenge,
  onSignedIn,
  onRestart,
  onUnexpected,
}: {
  challenge: CodeChallenge;
  onSignedIn: (user: StaffUser) => Promise<void> | void;
  /** Back to the password step (a different account, or the password step ran out). */
  onRestart: (message?: string) => void;
  /** A failure that is not about the code (network, server): the screen's error toast. */
  onUnexpected: (error: unknown) => void;
}) {
  const uid = useId();
  const [otpId, setOtpId] = useState(challenge.otpId);
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const [status, setStatus] = useState<string>(STAFF_AUTH_MESSAGES.codeSent);
  const [resending, setResending] = useState(false);
  const { busy, state, run } = useBusy();
  const input = useRef<HTMLInputElement>(null);
  // When the last code was asked for (the password step asked for the first one just now).
  const sentAt = useRef(0);

  useEffect(() => {
    sentAt.current = Date.now();
    input.current?.focus();
  }, []);

  function explain(failure: unknown, during: 'verify' | 'resend') {
    const known = codeErrorMessage(failure, during);
    if (!known) return onUnexpected(failure);
    if (known.restart) return onRestart(known.message);
    setError(known.message);
    input.current?.focus();
  }

  const verify = (event: FormEvent) => {
    event.preventDefault();
    const typed = code.replace(/\s/g, '');
    if (!isStaffCode(typed)) {
      setError(STAFF_AUTH_MESSAGES.codeFormat);
      input.current?.focus();
      return;
    }
    void run(async () => {
      setError('');
      try {
        await onSignedIn(await finishSignIn({ ...challenge, otpId }, typed));
      } catch (failure) {
        explain(failure, 'verify');
      }
    });
  };

  async function resend() {
    if (Date.now() - sentAt.current < STAFF_AUTH.resendSeconds * 1000) {
      setError(STAFF_AUTH_MESSAGES.resendTooSoon);
      input.current?.focus();
      return;
    }
    setResending(true);
    setError('');
    try {
      sentAt.current = Date.now();
      setOtpId(await requestCode(challenge.email, challenge.mfaId));
      setCode('');
      setStatus(STAFF_AUTH_MESSAGES.codeResent);
      input.current?.focus();
    } catch (failure) {
      explain(failure, 'resend');
    } finally {
      setResending(false);
    }
  }

  return (
    <form onSubmit={verify} noValidate aria-busy={busy} aria-labelledby={`${uid}-title`} className={styles.panel}>
      <h2 id={`${uid}-title`} className={styles.stepTitle}>
        Enter your code
      </h2>
      <p className={styles.note} role="status">
        {status} <span className={styles.sentTo}>Sent to {challenge.email}.</span>
      </p>
      <TextField
        ref={input}
        id={`${uid}-code`}
        label="Code"
        error={error || undefined}
        controlClassName={`${styles.input} ${styles.codeInput}`}
        value={code}
        onChange={(event) => setCode(event.target.value)}
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]*"
        maxLength={STAFF_AUTH.codeLength + 2}
        enterKeyHint="go"
        required
      />
      <SubmitButton state={state} size="lg" block label="Verify and sign in" busyLabel="Checking the code..." />
      <div className={styles.stepActions}>
        <Button variant="secondary" onClick={() => void resend()} disabled={resending || busy}>
          {resending ? 'Sending...' : 'Send a new code'}
        </Button>
        <Button variant="secondary" onClick={() => onRestart()} disabled={busy}>
          Use another account
        </Button>
      </div>
    </form>
  );
}
