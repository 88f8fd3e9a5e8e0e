/**
 * A waitlist entry's place in line and what its links show (no personal data but the name, on
 * the token's page). Read by the routes (lib/waitlist-routes.ts) and the mails (lib/waitlist-mail.ts);
 * it changes nothing, so the mails need not load the offer pass (lib/waitlist.ts).
 */
import * as S from '../rules';
import * as U from './util';

/** Statuses still in line: waiting for seats, or holding an offer. */
export const LIVE_SQL = "status IN ('waiting', 'offered')";

/** 1-based place in line of a live entry (holds count as ahead of the waiting); 0 when out of line. */
export function position(app: CoreApp, r: core.Record): number {
  const status = r.getString('status');
  if (status !== 'waiting' && status !== 'offered') return 0;
  const row = U.rowOf({ ahead: 0 });
  app
    .db()
    .newQuery(
      `SELECT COUNT(*) AS ahead FROM waitlist WHERE event_date = {:date} AND ${LIVE_SQL} ` +
        'AND (created < {:created} OR (created = {:created} AND id < {:id}))',
    )
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
  };
  if (withName) out.name = r.getString('name');
  return out;
}

/** The entry behind a mail link, or null (a malformed token is never looked up). */
export function findByToken(app: CoreApp, token: string): core.Record | null {
  return U.recordByToken(app, 'waitlist', 'token', token);
}
