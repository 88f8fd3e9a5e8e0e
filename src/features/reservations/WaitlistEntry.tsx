import { useState } from 'react';
import type { JsonAnswer } from '../../lib/api/json';
import { useLocation, useSearch } from 'wouter';
import { Button } from '../../components/Button';
import { Card } from '../../components/Layout';
import { WAITLIST_MESSAGES, waitlistHold } from '../../lib/rules/waitlist';
import { formatLongDate, formatNight, formatVenueDeadline, parseServerDate, venueToday } from '../../lib/venueTime';
import { HomeAndNext } from './HomeAndNext';
import { confirmationFor, saveReservationDetails } from './thankYouData';
import { DetailList, LoadingCard, NeedHelp, RetryCard, TokenPage, people, useTokenAnswer } from './TokenPage';
import { waitlistLink, type WaitlistSummary as Entry } from './tokenApi';
import styles from './ThankYou.module.css';

type View =
  | { kind: 'loading' }
  | { kind: 'entry'; entry: Entry; busy?: 'claim' | 'leave'; confirmLeave?: boolean; problem?: string }
  | { kind: 'notFound' }
  | { kind: 'error'; message: string };

const STATUS_LABELS: Record<string, string> = { waiting: 'Waiting', offered: 'Table offered', claimed: 'Claimed', left: 'Left the waitlist', expired: 'Offer expired' };

/** Why the hold ends when it does (the rule the server applied when it made the offer), after a space; '' when unknown. */
function holdRule(entry: Entry): string {
  const offeredAt = parseServerDate(entry.offered_at ?? '');
  return offeredAt ? ` ${WAITLIST_MESSAGES.holdRule(waitlistHold(entry.event_date, offeredAt).rule)}` : '';
}

/** The page's title and line for an entry (a night in the past reads as passed whatever the status). */
function headline(entry: Entry, confirmLeave: boolean): { title: string; intro: string } {
  const night = formatNight(entry.event_date);
  if (confirmLeave) return { title: 'Leave the waitlist?', intro: `You will lose your place in line for ${night}.` };
  if (entry.status === 'claimed') return { title: 'Table claimed', intro: 'Your table is reserved. Your confirmation email has the details and a link to manage it.' };
  if (entry.status === 'left') return { title: 'You left the waitlist', intro: WAITLIST_MESSAGES.left };
  if (entry.status === 'expired') return { title: 'Offer expired', intro: WAITLIST_MESSAGES.offerExpired };
  if (entry.event_date < venueToday()) return { title: 'Waitlist', intro: WAITLIST_MESSAGES.nightPassed };
  if (entry.status === 'offered') return { title: 'A table is yours to claim', intro: `Seats freed up for ${night}. Claim them before the hold runs out.${holdRule(entry)}` };
  return { title: "You're on the waitlist", intro: entry.position ? WAITLIST_MESSAGES.joined(night, entry.position) : `You're on the waitlist for ${night}.` };
}

function viewOf(answer: JsonAnswer | 'failed' | null, leaveLink: boolean): View {
  if (answer === null) return { kind: 'loading' };
  if (answer !== 'failed' && answer.status === 404) return { kind: 'notFound' };
  if (answer === 'failed' || answer.status !== 200) return { kind: 'error', message: "We couldn't load your waitlist entry. Check your connection and try again." };
  const entry = answer.body as unknown as Entry;
  return { kind: 'entry', entry, confirmLeave: leaveLink && (entry.status === 'waiting' || entry.status === 'offered') };
}

function Details({ entry }: { entry: Entry }) {
  const rows: [string, string][] = [
    ['Night', formatLongDate(entry.event_date)],
    ['Arrival', entry.event_time],
    ['Party', people(entry.party_size)],
    ['Status', STATUS_LABELS[entry.status] ?? entry.status],
  ];
  if (entry.status === 'waiting' && entry.position) rows.push(['In line', `Number ${entry.position}`]);
  if (entry.status === 'offered' && entry.offer_expires) rows.push(['Held until', formatVenueDeadline(entry.offer_expires)]);
  if (entry.name) rows.push(['Name', entry.name]);
  return <DetailList rows={rows} testId="waitlist-details" />;
}

/**
 * /waitlist/<token>: the page behind every waitlist email. Shows the entry; "Claim my table" while
 * an offer holds seats (the claim creates the reservation, then the thank-you page as the board
 * game night form shows it); "Leave the waitlist" (after a confirmation when the mail's leave link,
 * ?leave=1, brought the guest here).
 */
export function WaitlistEntry({ token }: { token: string }) {
  const [, navigate] = useLocation();
  const leaveLink = new URLSearchParams(useSearch()).get('leave') === '1';
  const { answer, retry } = useTokenAnswer(waitlistLink.get, token);
  // What the guest's own actions led to (from then on a new title takes focus); before any, the look-up's answer.
  const [after, setView] = useState<View | null>(null);
  const view = after ?? viewOf(answer, leaveLink);

  const act = async (entry: Entry, action: 'claim' | 'leave') => {
    setView({ kind: 'entry', entry, busy: action });
    try {
      const { status, body } = await waitlistLink[action](token);
      if (status === 404) return setView({ kind: 'notFound' });
      if (status === 200 && action === 'claim') {
        const { details, href } = confirmationFor(body.reservation as Parameters<typeof confirmationFor>[0]);
        saveReservationDetails(details);
        return navigate(href, { state: details });
      }
      if (status === 200) return setView({ kind: 'entry', entry: { ...entry, ...(body as unknown as Entry), status: 'left' } });
      if (status !== 409) throw new Error(`HTTP ${status}`);
      // The offer expired or there is none yet: say so, with the entry as it is now.
      const fresh = await waitlistLink.get(token).catch(() => null);
      const now = fresh?.status === 200 ? (fresh.body as unknown as Entry) : entry;
      setView({ kind: 'entry', entry: now, problem: String(body.message || WAITLIST_MESSAGES.notOffered) });
    } catch {
      setView({ kind: 'entry', entry, problem: "We couldn't reach our booking system just now. Check your connection and try again." });
    }
  };

  if (view.kind !== 'entry') {
    const notFound = view.kind === 'notFound';
    return (
      <TokenPage title={notFound ? 'Link not valid' : 'Waitlist'} intro={notFound ? WAITLIST_MESSAGES.notFound : 'Your place in line for a board game night table.'}>
        {view.kind === 'loading' ? <LoadingCard>Looking up your waitlist entry…</LoadingCard> : null}
        {view.kind === 'error' ? <RetryCard message={view.message} onRetry={() => (setView(null), retry())} /> : null}
        {notFound ? <NeedHelp /> : null}
        {view.kind !== 'loading' ? <HomeAndNext href="/board-game-night">Reserve a table</HomeAndNext> : null}
      </TokenPage>
    );
  }

  const { entry, busy, problem } = view;
  const confirmLeave = !!view.confirmLeave;
  const { title, intro } = headline(entry, confirmLeave);
  const open = (entry.status === 'waiting' || entry.status === 'offered') && entry.event_date >= venueToday();
  return (
    <TokenPage title={title} intro={intro} afterAction={after !== null}>
      {problem ? (
        <Card role="alert" data-testid="waitlist-problem">
          <p>{problem}</p>
        </Card>
      ) : null}
      <Card as="section" aria-labelledby="waitlist-heading">
        <h2 id="waitlist-heading" className={styles.cardTitle}>
          Your waitlist entry
        </h2>
        <Details entry={entry} />
        {open ? (
          <div className={styles.actions} style={{ justifyContent: 'flex-start', marginTop: 'var(--space-5)' }}>
            {confirmLeave ? (
              <>
                <Button variant="danger" onClick={() => void act(entry, 'leave')} disabled={!!busy}>
                  {busy === 'leave' ? 'Leaving...' : 'Yes, leave the waitlist'}
                </Button>
                <Button variant="secondary" onClick={() => setView({ kind: 'entry', entry })} disabled={!!busy}>
                  Stay on the waitlist
                </Button>
              </>
            ) : (
              <>
                {entry.status === 'offered' ? (
                  <Button onClick={() => void act(entry, 'claim')} disabled={!!busy}>
                    {busy === 'claim' ? 'Claiming...' : 'Claim my table'}
                  </Button>
                ) : null}
                <Button variant={entry.status === 'offered' ? 'secondary' : 'danger'} onClick={() => setView({ kind: 'entry', entry, confirmLeave: true })} disabled={!!busy}>
                  Leave the waitlist
                </Button>
              </>
            )}
          </div>
        ) : null}
      </Card>
      {!open || entry.status === 'claimed' ? <HomeAndNext href="/board-game-night">Reserve a table</HomeAndNext> : null}
    </TokenPage>
  );
}
