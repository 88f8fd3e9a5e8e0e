import { useEffect, useState } from 'react';
import { Button, ButtonLink } from '../../components/Button';
import { Card, Container, Lead, Section } from '../../components/Layout';
import { venue } from '../../content/venue';
import { MESSAGES } from '../../lib/rules/limits';
import { formatLongDate } from '../../lib/venueTime';
import { HomeAndNext } from './HomeAndNext';
import styles from './ThankYou.module.css';

interface Summary {
  event_name: string;
  event_date: string;
  event_time: string;
  party_size: number;
  status: string;
  name: string;
}

type View =
  | { kind: 'loading' }
  | { kind: 'found'; reservation: Summary }
  | { kind: 'cancelling'; reservation: Summary }
  | { kind: 'cancelled'; reservation: Summary; justNow: boolean }
  | { kind: 'tooLate'; reservation: Summary | null; message: string }
  | { kind: 'notFound'; message: string }
  | { kind: 'error'; message: string };

async function call(token: string, method: 'GET' | 'POST') {
  const res = await fetch(`/api/reservations/cancel/${encodeURIComponent(token)}`, {
    method,
    headers: { accept: 'application/json' },
  });
  let body: Record<string, unknown> = {};
  try {
    body = (await res.json()) as Record<string, unknown>;
  } catch {
    // empty body
  }
  return { status: res.status, body };
}

function people(n: number) {
  return `${n} ${n === 1 ? 'person' : 'people'}`;
}

/** /cancel/<token>: the link in the confirmation email. Shows the reservation and asks to confirm. */
export function CancelReservation({ token }: { token: string }) {
  const [view, setView] = useState<View>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let stale = false;
    call(token, 'GET')
      .then(({ status, body }) => {
        if (stale) return;
        if (status === 404) return setView({ kind: 'notFound', message: String(body.message || MESSAGES.cancelNotFound) });
        if (status !== 200) throw new Error(`HTTP ${status}`);
        const reservation = body as unknown as Summary;
        setView(reservation.status === 'cancelled' ? { kind: 'cancelled', reservation, justNow: false } : { kind: 'found', reservation });
      })
      .catch(() => {
        if (!stale) setView({ kind: 'error', message: "We couldn't load your reservation. Check your connection and try again." });
      });
    return () => {
      stale = true;
    };
  }, [token, attempt]);

  const confirm = async (reservation: Summary) => {
    setView({ kind: 'cancelling', reservation });
    try {
      const { status, body } = await call(token, 'POST');
      if (status === 200) return setView({ kind: 'cancelled', reservation: body as unknown as Summary, justNow: true });
      if (status === 404) return setView({ kind: 'notFound', message: String(body.message || MESSAGES.cancelNotFound) });
      if (status === 409) {
        return setView({
          kind: 'tooLate',
          reservation: (body.reservation as Summary | undefined) ?? reservation,
          message: String(body.message || MESSAGES.cancelTooLate),
        });
      }
      throw new Error(`HTTP ${status}`);
    } catch {
      setView({ kind: 'error', message: "We couldn't cancel just now. Check your connection and try again." });
    }
  };

  const details = (r: Summary) => (
    <dl className={styles.details} data-testid="cancel-details">
      {(
        [
          ['Event', r.event_name],
          ['Date', formatLongDate(r.event_date)],
          ['Time', r.event_time],
          ['Party', people(r.party_size)],
          ['Name', r.name],
        ] as const
      ).map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );

  let title = 'Cancel your reservation';
  let intro = 'Plans changed? Cancel here and we will free your table for another group.';
  if (view.kind === 'cancelled') {
    title = 'Reservation cancelled';
    intro = view.justNow
      ? "Your reservation is cancelled and the seats are free for another group. We've emailed you a note."
      : 'This reservation was already cancelled. Nothing else to do.';
  } else if (view.kind === 'notFound') {
    title = 'Link not valid';
    intro = view.message;
  } else if (view.kind === 'tooLate') {
    title = "Can't cancel online";
    intro = view.message;
  }

  return (
    <>
      <header className={styles.hero}>
        <Container reading>
          <h1>{title}</h1>
          <Lead>{intro}</Lead>
        </Container>
      </header>
      <Section tight>
        <Container reading className={styles.stack}>
          {view.kind === 'loading' ? (
            <Card aria-busy="true">
              <p className={styles.muted}>Looking up your reservation…</p>
            </Card>
          ) : null}
          {view.kind === 'found' || view.kind === 'cancelling' ? (
            <Card as="section" aria-labelledby="cancel-heading">
              <h2 id="cancel-heading" className={styles.cardTitle}>
                Your reservation
              </h2>
              {details(view.reservation)}
              <p className={styles.muted} style={{ marginTop: 'var(--space-4)' }}>
                Cancelling can't be undone, but you're welcome to reserve again any time.
              </p>
              <div className={styles.actions} style={{ justifyContent: 'flex-start' }}>
                <Button variant="danger" onClick={() => void confirm(view.reservation)} disabled={view.kind === 'cancelling'}>
                  {view.kind === 'cancelling' ? 'Cancelling...' : 'Yes, cancel my reservation'}
                </Button>
                <ButtonLink href="/" variant="secondary">
                  Keep my reservation
                </ButtonLink>
              </div>
            </Card>
          ) : null}
          {view.kind === 'cancelled' || (view.kind === 'tooLate' && view.reservation) ? (
            <Card as="section" aria-label="Reservation">
              {details(view.reservation!)}
            </Card>
          ) : null}
          {view.kind === 'error' ? (
            <Card role="alert">
              <p>{view.message}</p>
              <Button
                onClick={() => {
                  setView({ kind: 'loading' });
                  setAttempt((n) => n + 1);
                }}
              >
                Try again
              </Button>
            </Card>
          ) : null}
          {view.kind === 'tooLate' || view.kind === 'notFound' ? (
            <p className={styles.muted}>
              Need help? Email <a href={`mailto:${venue.contact.email}`}>{venue.contact.email}</a>.
            </p>
          ) : null}
          {view.kind !== 'found' && view.kind !== 'cancelling' ? (
            <HomeAndNext href="/board-game-night">Reserve a table</HomeAndNext>
          ) : null}
        </Container>
      </Section>
    </>
  );
}
