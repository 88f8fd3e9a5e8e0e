/**
 * Board game night capacity: seats left per night, and the one check public creates, staff
 * edits and waitlist claims use (same situation, same message); the waitlist's holds count. Callers run it inside the transaction that
 * writes the reservation, so the count and the insert cannot interleave with another writer.
 */
import * as S from '../rules';
import { rowOf, rowsOf, type Refusal } from './util';

function capacityRows(app: CoreApp, from: string, to: string) {
  const rows = rowsOf({ date: '', seats: 0 });
  app
    .db()
    .newQuery("SELECT date, seats FROM capacity WHERE date = 'default' OR (date >= {:from} AND date <= {:to})")
    .bind({ from, to })
    .all(rows);
  return rows;
}

/** Reservation statuses that give their seats back. */
const FREED: readonly string[] = S.SEAT_FREEING_STATUSES;

/**
 * The one definition of the seats a night has taken: its board game night reservations that
 * still count (not cancelled, not a no-show) and the waitlist's live holds (offered, hold not
 * over at `now`). One row (event_date, seats) per reservation or hold, for nights matching
 * `where` (a condition on event_date). Binds {:name} and {:now}.
 */
function takenSql(where: string): string {
  return (
    'SELECT event_date, party_size AS seats FROM reservations ' +
    `WHERE event_name = {:name} AND status NOT IN (${FREED.map((f) => `'${f}'`).join(', ')}) AND ${where} ` +
    "UNION ALL SELECT event_date, party_size AS seats FROM waitlist WHERE status = 'offered' AND offer_expires > {:now} AND " +
    where
  );
}

/** An instant as the holds' offer_expires is written (ISO), the real time by default. */
function instant(now?: Date): string {
  return (now || new Date()).toISOString();
}

function bookedRows(app: CoreApp, from: string, to: string) {
  const rows = rowsOf({ event_date: '', total: 0 });
  app
    .db()
    .newQuery(
      'SELECT event_date, COALESCE(SUM(seats), 0) AS total FROM (' +
        takenSql('event_date >= {:from} AND event_date <= {:to}') +
        ') GROUP BY event_date',
    )
    .bind({ name: S.BOARD_GAME_NIGHT, from, to, now: instant() })
    .all(rows);
  return rows;
}

export interface NightAvailability {
  date: string;
  capacity: number;
  seatsLeft: number;
}

/** [{ date, capacity, seatsLeft }] for every night from..to (inclusive). */
export function nightAvailability(app: CoreApp, from: string, to: string): NightAvailability[] {
  let fallback: number = S.DEFAULT_NIGHTLY_CAPACITY;
  const caps: Record<string, number> = {};
  capacityRows(app, from, to).forEach((r) => {
    if (r.date === 'default') fallback = r.seats;
    else caps[r.date] = r.seats;
  });
  const booked: Record<string, number> = {};
  bookedRows(app, from, to).forEach((r) => {
    booked[r.event_date] = r.total;
  });
  const nights: NightAvailability[] = [];
  const days = S.daysBetween(from, to);
  for (let i = 0; i <= days; i++) {
    const date = S.addDays(from, i);
    const capacity = caps[date] !== undefined ? caps[date] : fallback;
    nights.push({ date, capacity, seatsLeft: Math.max(0, capacity - (booked[date] || 0)) });
  }
  return nights;
}

/**
 * Seats left on one night at `now` (default: the real time), in one statement (the same
 * figures as nightAvailability). Callers run it while holding SQLite's only write lock, which
 * every create waits for: one query and one model keeps that hold short.
 */
export function seatsLeftOn(app: CoreApp, date: string, now?: Date): number {
  const row = rowOf({ capacity: 0, booked: 0 });
  app
    .db()
    .newQuery(
      'SELECT COALESCE((SELECT seats FROM capacity WHERE date = {:date}), ' +
        "(SELECT seats FROM capacity WHERE date = 'default'), {:fallback}) AS capacity, " +
        `(SELECT COALESCE(SUM(seats), 0) FROM (${takenSql('event_date = {:date}')})) AS booked`,
    )
    .bind({ date, fallback: S.DEFAULT_NIGHTLY_CAPACITY, name: S.BOARD_GAME_NIGHT, now: instant(now) })
    .one(row);
  return Math.max(0, row.capacity - row.booked);
}

/** Does a reservation hold seats on its night (board game night, not cancelled, not a no-show)? */
export function takesSeats(r: core.Record): boolean {
  return r.getString('event_name') === S.BOARD_GAME_NIGHT && FREED.indexOf(r.getString('status')) === -1;
}

/**
 * Would `want` guests fit on `date`? `alreadyCounted` is how many of them the night already
 * counts (a staff edit of a reservation on that night). null when they fit; otherwise the
 * refusal with its code (S.seatsRefusal): night_full on event_date when no seat is left, else
 * not_enough_seats ('only N seats') on party_size.
 */
export function checkSeats(app: CoreApp, date: string, want: number, alreadyCounted: number, now?: Date): Refusal | null {
  const left = seatsLeftOn(app, date, now) + (alreadyCounted || 0);
  if (left >= want) return null;
  return S.seatsRefusal(date, left);
}
