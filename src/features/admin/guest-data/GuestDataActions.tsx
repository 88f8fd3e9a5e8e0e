import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../../components/Button';
import { useIsOwner } from '../data/ownerQuery';
import { currentUser } from '../session';
import type { Reservation } from '../types';
import { exportGuest, forgetGuest, guestsOf, previewGuest, type GuestKey } from './api';
import styles from './GuestDataActions.module.css';

/** The guests the search shows at most (the rest: search more narrowly). */
const MAX_GUESTS = 4;

interface Asking {
  guest: GuestKey;
  summary: string;
}

const failure = (what: string, error: unknown) => `${what}: ${(error as { message?: string }).message || 'no answer from the server'}. Nothing was changed.`;

/** The confirm dialog's words: who, what goes, what stays, and that it cannot be undone. */
export function forgetText({ guest, summary }: Asking): { title: string; body: string } {
  // A non-breaking hyphen: "(347) 555-0100" never wraps at its dash.
  const who = guest.phone ? `${guest.email} or ${guest.phone.replace(/-/g, '\u2011')}` : guest.email;
  return {
    title: `Forget ${guest.name}?`,
    body:
      `Erases the name, email, phone and messages of every record under ${who}: ${summary}, ` +
      'and their copies in the activity log, the outbox and on every tablet at its next pull. ' +
      'The bookings stay as anonymous rows, so the counts do not change. This cannot be undone: export first if they asked for a copy.',
  };
}

/**
 * "Export this guest" and "Forget this guest" under the guest search, for owners only (the routes
 * check again): one line per guest the search found, by email. Forget asks first, naming what goes.
 */
export function GuestDataActions({ rows, onForgotten }: { rows: readonly Reservation[]; onForgotten: () => void }) {
  const uid = useId();
  const owner = useIsOwner(currentUser()?.id ?? '');
  const dialog = useRef<HTMLDialogElement>(null);
  const [asking, setAsking] = useState<Asking | null>(null);
  const [busy, setBusy] = useState('');
  const [said, setSaid] = useState('');
  // Gone from the panel at once; the search's own answer follows (it no longer finds them).
  const [forgotten, setForgotten] = useState<readonly string[]>([]);
  useEffect(() => {
    if (asking && dialog.current && !dialog.current.open) dialog.current.showModal?.();
  }, [asking]);

  const guests = guestsOf(rows).filter((g) => !forgotten.includes(g.email));
  if (!owner || (guests.length === 0 && !said)) return null;

  const run = async (key: string, work: () => Promise<string>) => {
    setBusy(key);
    try {
      setSaid(await work());
    } finally {
      setBusy('');
    }
  };
  const onExport = (guest: GuestKey) =>
    run(`export ${guest.email}`, () => exportGuest(guest).then(() => `${guest.name}’s data is downloaded (guest-data JSON).`, (e: unknown) => failure('Could not export', e)));
  const onAsk = (guest: GuestKey) =>
    run(`forget ${guest.email}`, async () => {
      try {
        const preview = await previewGuest(guest);
        if (preview.total === 0) return 'Nothing to forget: no records of this guest are left.';
        setAsking({ guest, summary: preview.summary });
        return '';
      } catch (e) {
        return failure('Could not look the guest up', e);
      }
    });
  const close = () => {
    dialog.current?.close?.();
    setAsking(null);
  };
  const onForget = (guest: GuestKey) => {
    close();
    void run(`forget ${guest.email}`, () =>
      forgetGuest(guest).then(
        (answer) => {
          setForgotten((list) => [...list, guest.email]);
          onForgotten();
          return answer.message;
        },
        (e: unknown) => failure('Could not forget the guest', e),
      ),
    );
  };
  const text = asking ? forgetText(asking) : null;

  return (
    <section className={styles.panel} aria-labelledby={`${uid}-title`}>
      <h3 id={`${uid}-title`} className={styles.title}>
        Guest data <span className={styles.owner}>owners only</span>
      </h3>
      {guests.length === 0 ? null : (
        <ul className={styles.guests}>
          {guests.slice(0, MAX_GUESTS).map((guest) => (
            <li key={guest.email} className={styles.guest}>
              <span className={styles.who}>
                <span className={styles.name}>{guest.name}</span>
                <span className={styles.contact}>{guest.phone ? `${guest.email} · ${guest.phone}` : guest.email}</span>
              </span>
              <span className={styles.actions}>
                <Button variant="secondary" disabled={!!busy} aria-label={`Export ${guest.name}’s data (${guest.email})`} onClick={() => void onExport(guest)}>
                  {busy === `export ${guest.email}` ? 'Exporting…' : 'Export'}
                </Button>
                <Button variant="secondary" disabled={!!busy} aria-label={`Forget ${guest.name} (${guest.email})`} onClick={() => void onAsk(guest)}>
                  {busy === `forget ${guest.email}` ? 'Working…' : 'Forget'}
                </Button>
              </span>
            </li>
          ))}
        </ul>
      )}
      <p className={styles.said} role="status">
        {said}
      </p>
      <dialog ref={dialog} className={styles.dialog} aria-labelledby={`${uid}-q`} aria-describedby={`${uid}-body`} onClose={() => setAsking(null)}>
        {asking && text ? (
          <div className={styles.body}>
            <h2 id={`${uid}-q`} className={styles.dialogTitle}>
              {text.title}
            </h2>
            <p id={`${uid}-body`} className={styles.text}>
              {text.body}
            </p>
            <div className={styles.dialogActions}>
              <Button variant="secondary" onClick={close} autoFocus>
                Keep
              </Button>
              <Button variant="danger" onClick={() => onForget(asking.guest)}>
                Forget guest
              </Button>
            </div>
          </div>
        ) : null}
      </dialog>
    </section>
  );
}
