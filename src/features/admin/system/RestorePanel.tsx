import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Button } from '../../../components/Button';
import { SubmitButton, TextField, useBusy } from '../../../components/form';
import { sinceBackupText } from '../../../lib/rules/backups';
import { restoreApi as defaultApi, refusalField, serverMessage, type BackupFile, type BackupList, type RestoreApi, type SinceBackup } from './restoreApi';
import styles from './RestorePanel.module.css';

/**
 * The owner's restore (issue 32 item 6), for the System view: the backups, newest first; for the
 * chosen one, what restoring it takes away (the bookings made since, and how many of those guests
 * were mailed); then both factors again, the account's password and a code emailed now, before
 * the server restores. From the moment it is asked for, the server refuses writes (503) and the
 * guests' devices keep their bookings and send them once it is back.
 */
export function RestorePanel({ email, api = defaultApi }: { email: string; api?: RestoreApi }) {
  const uid = useId();
  const [list, setList] = useState<BackupList | null>(null);
  const [loadError, setLoadError] = useState('');
  const [chosen, setChosen] = useState('');
  const [since, setSince] = useState<SinceBackup | null>(null);
  const [restoring, setRestoring] = useState('');

  useEffect(() => {
    api.list().then(setList, (error: unknown) => setLoadError(serverMessage(error) || 'The backups could not be loaded. Check the connection and reload.'));
  }, [api]);

  const choose = (name: string) => {
    setChosen(name);
    setSince(null);
  };

  useEffect(() => {
    if (!chosen) return;
    let current = true;
    api.since(chosen).then(
      (counts) => current && setSince(counts),
      (error: unknown) => current && setLoadError(serverMessage(error) || 'What this backup would take away could not be counted. Try again.'),
    );
    return () => {
      current = false;
    };
  }, [api, chosen]);

  const headingId = `${uid}-title`;
  return (
    <section className={styles.panel} aria-labelledby={headingId} data-testid="restore-panel">
      <h2 id={headingId} className={styles.title}>
        Restore a backup
      </h2>
      {list ? <p className={styles.text}>{scheduleText(list.schedule)}</p> : null}
      {loadError ? (
        <p className={styles.error} role="alert">
          {loadError}
        </p>
      ) : null}
      {restoring || list?.restoring ? (
        <p className={styles.warning} role="status">
          Restoring {restoring || 'a backup'}. The system is back in a moment; guests’ bookings wait on their devices meanwhile and go through then.
        </p>
      ) : list ? (
        <>
          <BackupChoices backups={list.backups} chosen={chosen} onChoose={choose} />
          {chosen ? (
            <p className={styles.warning} role="status" aria-live="polite">
              {since ? sinceBackupText(since.bookings, since.mailed) : 'Counting the bookings made since this backup…'}
            </p>
          ) : null}
          {chosen && since ? <RestoreForm api={api} email={email} name={chosen} onRestoring={setRestoring} /> : null}
        </>
      ) : loadError ? null : (
        <p className={styles.text}>Loading the backups…</p>
      )}
    </section>
  );
}

function scheduleText({ hour, minute, keep }: BackupList['schedule']): string {
  const time = `${hour % 12 || 12}:${String(minute).padStart(2, '0')} ${hour < 12 ? 'AM' : 'PM'}`;
  return `A backup is made every night at ${time}, New York time, after the night ends; the newest ${keep} are kept.`;
}

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { timeZone: 'America/New_York', weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });

const size = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`);

function BackupChoices({ backups, chosen, onChoose }: { backups: BackupFile[]; chosen: string; onChoose: (name: string) => void }) {
  const uid = useId();
  if (backups.length === 0) return <p className={styles.text}>There is no backup yet. The first is made tonight at 4:30 AM.</p>;
  return (
    <fieldset className={styles.list}>
      <legend>Choose the backup to go back to</legend>
      {backups.map((b, i) => (
        <label key={b.name} className={styles.choice}>
          <input type="radio" name={`${uid}-backup`} value={b.name} checked={chosen === b.name} onChange={() => onChoose(b.name)} />
          <span className={styles.about}>
            <span className={styles.when}>{when(b.modified)}</span>
            <span className={styles.meta}>
              {b.name} · {size(b.size)}
              {i === 0 ? ' · newest' : ''}
            </span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}

type Errors = { password?: string; code?: string; form?: string };

function RestoreForm({ api, email, name, onRestoring }: { api: RestoreApi; email: string; name: string; onRestoring: (name: string) => void }) {
  const uid = useId();
  const [otpId, setOtpId] = useState('');
  const [codeStatus, setCodeStatus] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const { state, run } = useBusy();
  const codeInput = useRef<HTMLInputElement>(null);

  const askCode = () => {
    setErrors({});
    void run(async () => {
      try {
        setOtpId(await api.requestCode(email));
        setCode('');
        setCodeStatus(`A code was sent to ${email}. Type it below; it works for a few minutes.`);
        codeInput.current?.focus();
      } catch (error) {
        setErrors({ form: serverMessage(error) || 'The code could not be sent. Try again in a moment.' });
      }
    });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!otpId) return setErrors({ code: 'Ask for a code first: it is emailed to you.' });
    setErrors({});
    void run(async () => {
      try {
        await api.restore({ name, password, otpId, code: code.trim() });
        onRestoring(name);
      } catch (error) {
        const message = serverMessage(error) || 'The restore could not be started. Check the connection and try again.';
        setErrors({ [refusalField(error)]: message });
      }
    });
  };

  return (
    <form className={styles.form} onSubmit={submit} aria-describedby={`${uid}-why`}>
      <p id={`${uid}-why`} className={styles.text}>
        To restore, confirm it is you again: your password and a code emailed to you now.
      </p>
      <div className={styles.actions}>
        <Button variant="secondary" onClick={askCode} disabled={state === 'busy'}>
          {otpId ? 'Email me a new code' : 'Email me a code'}
        </Button>
      </div>
      {codeStatus ? (
        <p className={styles.text} role="status">
          {codeStatus}
        </p>
      ) : null}
      <TextField id={`${uid}-password`} label="Your password" type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} error={errors.password} required />
      <TextField
        id={`${uid}-code`}
        ref={codeInput}
        label="Emailed code"
        inputMode="numeric"
        autoComplete="one-time-code"
        value={code}
        onChange={(e) => setCode(e.target.value)}
        error={errors.code}
        required
      />
      {errors.form ? (
        <p className={styles.error} role="alert">
          {errors.form}
        </p>
      ) : null}
      <div className={styles.actions}>
        <SubmitButton state={state} label="Restore this backup" busyLabel="Checking…" variant="danger" />
      </div>
    </form>
  );
}
