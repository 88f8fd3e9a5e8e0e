import { useState } from 'react';
import type { JsonAnswer } from '../../lib/api/json';
import { Button, ButtonLink } from '../../components/Button';
import { Card } from '../../components/Layout';
import { MESSAGES } from '../../lib/rules/limits';
import { MANAGE_MESSAGES } from '../../lib/rules/waitlist';
import { formatLongDate } from '../../lib/venueTime';
import { ChangeReservation, type ChangeOutcome } from './ChangeReservation';
import { HomeAndNext } from './HomeAndNext';
import { DetailList, LoadingCard, NeedHelp, RetryCard, TokenPage, people, useTokenAnswer } from './TokenPage';
import { reservationLink, type ReservationSummary as Summary } from './tokenApi';
import styles from './ThankYou.module.css';

type View =
  | { kind: 'loading' }
  | { kind: 'found'; reservation: Summary; changed?: boolean }
  | { kind: 'cancelling'; reservation: Summary }
  | { kind: 'cancelled'; reservation: Summary; justNow: boolean }
  | { kind: 'tooLate'; reservation: Summary | null; message: string; title: string }
  | { kind: 'notFound'; message: string }
  | { kind: 'error'; message: string };

const notFound = (body: Record<string, unknown>): View => ({ kind: 'notFound', message: String(body.message || MESSAGES.cancelNotFound) });

function viewOf(answer: JsonAnswer | 'failed' | null): View {
  if (answer === null) return { kind: 'loading' };
  if (answer !== 'failed' && answer.status === 404) return notFound(answer.body);
  if (answer === 'failed' || answer.status !== 200) return { kind: 'error', message: "We couldn't load your reservation. Check your connection and try again." };
  const reservation = answer.body as unknown as Summary;
  return reservation.status === 'cancelled' ? { kind: 'cancelled', reservation, justNow: false } : { kind: 'found', reservation };
}

function Details({ reservation: r }: { reservation: Summary }) {
  const rows = [
    ['Event', r.event_name],
    ['Date', formatLongDate(r.event_date)],
    ['Time', r.event_time],
    ['Party', people(r.party_size)],
    ['Name', r.name],
  ] as const;
  return <DetailList rows={rows} testId="cancel-details" />;
}

/**
 * /cancel/<token>, "Manage your reservation": the link in every reservation email. Shows the
 * reservation; a board game night table can change its party size or arrival time
 * (ChangeReservation) while the server allows it; any reservation can be cancelled (confirm first).
 */
export function CancelReservation({ token }: { token: string }) {
  const { answer, retry } = useTokenAnswer(reservationLink.get, token);
  // What the guest's own actions (a change, a cancellation) led to; before any, the look-up's answer.
  const [after, setView] = useState<View | null>(null);
  const view = after ?? viewOf(answer);

  const confirm = async (reservation: Summary) => {
    setView({ kind: 'cancelling', reservation });
    try {
      const { status, body } = await reservationLink.cancel(token);
      if (status === 200) return setView({ kind: 'cancelled', reservation: body as unknown as Summary, justNow: true });
      if (status === 404) return setView(notFound(body));
      if (status === 409) {
        return setView({
          kind: 'tooLate',
          reservation: (body.reservation as Summary | undefined) ?? reservation,
          message: String(body.message || MESSAGES.cancelTooLate),
          title: "Can't cancel online",
        });
      }
      throw new Error(`HTTP ${status}`);
    } catch {
      setView({ kind: 'error', message: "We couldn't cancel just now. Check your connection and try again." });
    }
  };

  const changed = (outcome: ChangeOutcome, reservation: Summary) => {
    if (outcome.kind === 'changed') setView({ kind: 'found', reservation: { ...reservation, ...outcome.reservation }, changed: true });
    else if (outcome.kind === 'tooLate') setView({ kind: 'tooLate', reservation, message: outcome.message, title: "Can't change online" });
    else setView(notFound({ message: outcome.message }));
  };

  let title: string = MANAGE_MESSAGES.heading;
  let intro = 'Plans changed? Change your party size or arrival time, or cancel and we will free your table for another group.';
  if (view.kind === 'found' && !(view.reservation.is_board_game_night && view.reservation.can_change)) {
    intro = 'Plans changed? Cancel here and we will free your table for another group.';
  } else if (view.kind === 'cancelled') {
    title = 'Reservation cancelled';
    intro = view.justNow
      ? "Your reservation is cancelled and the seats are free for another group. We've emailed you a note."
      : 'This reservation was already cancelled. Nothing else to do.';
  } else if (view.kind === 'notFound') {
    title = 'Link not valid';
    intro = view.message;
  } else if (view.kind === 'tooLate') {
    title = view.title;
    intro = view.message;
  }

  const active = view.kind === 'found' || view.kind === 'cancelling' ? view : null;
  return (
    <TokenPage title={title} intro={intro} afterAction={(view.kind === 'cancelled' && view.justNow) || view.kind === 'tooLate'} quiet={view.kind === 'cancelled'}>
      {view.kind === 'loading' ? <LoadingCard>Looking up your reservation…</LoadingCard> : null}
      {view.kind === 'found' && view.changed ? (
        <Card role="status" className={styles.support} data-testid="change-saved">
          <p>{MANAGE_MESSAGES.changed}</p>
        </Card>
      ) : null}
      {active ? (
        <Card as="section" aria-labelledby="cancel-heading">
          <h2 id="cancel-heading" className={styles.cardTitle}>
            Your reservation
          </h2>
          <Details reservation={active.reservation} />
        </Card>
      ) : null}
      {view.kind === 'found' && view.reservation.is_board_game_night && view.reservation.can_change ? (
        <ChangeReservation key={`${view.reservation.party_size}|${view.reservation.event_time}`} token={token} reservation={view.reservation} onDone={(outcome) => changed(outcome, view.reservation)} />
      ) : null}
      {active ? (
        <Card as="section" aria-labelledby="cancel-action-heading">
          <h2 id="cancel-action-heading" className={styles.cardTitle}>
            Cancel instead?
          </h2>
          <p className={styles.muted}>Cancelling can't be undone, but you're welcome to reserve again any time.</p>
          <div className={styles.actions} style={{ justifyContent: 'flex-start', marginTop: 'var(--space-4)' }}>
            <Button variant="danger" onClick={() => void confirm(active.reservation)} disabled={active.kind === 'cancelling'}>
              {active.kind === 'cancelling' ? 'Cancelling...' : 'Yes, cancel my reservation'}
            </Button>
            <ButtonLink href="/" variant="secondary">
              Keep my reservation
            </ButtonLink>
          </div>
        </Card>
      ) : null}
      {view.kind === 'cancelled' || (view.kind === 'tooLate' && view.reservation) ? (
        <Card as="section" aria-label="Reservation">
          <Details reservation={view.reservation!} />
        </Card>
      ) : null}
      {view.kind === 'error' ? (
        <RetryCard
          message={view.message}
          onRetry={() => {
            setView(null);
            retry();
          }}
        />
      ) : null}
      {view.kind === 'tooLate' || view.kind === 'notFound' ? <NeedHelp /> : null}
      {!active ? <HomeAndNext href="/board-game-night">Reserve a table</HomeAndNext> : null}
    </TokenPage>
  );
}
