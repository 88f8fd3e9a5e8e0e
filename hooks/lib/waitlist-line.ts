/**
 * A waitlist entry's place in line and what its links show (no personal data but the name, on
 * the token's page). Read by the routes (lib/waitlist-routes.ts); it
 * changes nothing, so they need not load the offer pass (lib/waitlist.ts).
 */
import * as S from '../rules';
import * as Rows from './rows';
import { LIVE_SQL, WAITLIST_POSITION_SQL } from '../outbox/waitlist-position';

/** Statuses still in line: waiting for seats, or holding an offer. */
export { LIVE_SQL };

/**
 * 1-based place in line of a live entry (holds count as ahead of the waiting); 0 when out of line.
 * The query is written once (hooks/outbox/waitlist-position.ts): the Go outbox runs it too, for
 * the "you're on the waitlist" mail.
 */
export function position(app: CoreApp, r: core.Record): number {
  const status = r.getString('status');
  if (status !== 'waiting' && status !== 'offered') return 0;
  const row = Rows.rowOf({ ahead: 0 });
  app
    .db()
    .newQuery(WAITLIST_POSITION_SQL)
    .bind({ date: r.getString('event_date'), created: r.getString('created'), id: r.id })
    .one(row);
  return row.ahead + 1;
}

export interface EntrySummary {
  status: string;
  event_date: string;
  night: string;
  party_size: number;
  event_time: string;
  position: number;
  offer_expires: string;
  /** When the offer was made: the page names the hold's rule from it (S.waitlistHold). */
  offered_at: string;
  name?: string;
}

/** What an entry's links show: no personal data (the token's page adds the name). */
export function summary(app: CoreApp, r: core.Record, withName: boolean): EntrySummary {
  const out: EntrySummary = {
    status: r.getString('status'),
    event_date: r.getString('event_date'),
    night: S.formatNight(r.getString('event_date')),
    party_size: r.getInt('party_size'),
    event_time: r.getString('event_time'),
    position: position(app, r),
    offer_expires: r.getString('offer_expires'),
    offered_at: r.getString('offered_at'),
  };
  if (withName) out.name = r.getString('name');
  return out;
}

/** The entry behind a mail link, or null (a malformed token is never looked up). */
export function findByToken(app: CoreApp, token: string): core.Record | null {
  return Rows.recordByToken(app, 'waitlist', 'token', token);
}
