/**
 * Board game night capacity: seats left per night, and the one check public creates, staff
 * edits and waitlist claims use (same situation, same message); the waitlist's holds count. Callers run it inside the transaction that
 * writes the reservation, so the count and the insert cannot interleave with another writer.
 */
import * as S from '../rules';
import type { Refusal } from './http';
import { rowOf, rowsOf } from './rows';

function capacityRows(app: CoreApp, from: string, to: string) {
  const rows = rowsOf({ date: '', seats: 0 });
  app
    .db()
    .newQuery("SELECT date, seats FROM capacity WHERE date = 'default' OR (date >= {:from} AND date <= {:to})")
    .bind({ from, to })
    .all(rows);
  return rows;
}

/**
 * The one definition of the seats a night has taken (S.SEATS_SQL, src/lib/rules/seats.ts): one row
 * (event_date, seats) per reservation or live hold, for nights matching `where` (a condition on
 * event_date). Binds {:name} and {:now}.
 */
function takenSql(where: string): string {
  return (
    `SELECT event_date, party_size AS seats FROM reservations WHERE ${S.SEATS_SQL.reservation} AND ${where} ` +
    `UNION ALL SELECT event_date, party_size AS seats FROM waitlist WHERE ${S.SEATS_SQL.hold} AND ${where}`
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
 * One night's seats in one statement (the same figures as nightAvailability): the cap, what
 * reservations and live holds take, when the first hold ends, as columns capacity, reserved,
 * held and held_until. Binds {:date} and {:now} (an instant as toISOString writes it) besides
 * SEATS_ON_PARAMS. The Go create path (server/creates.go) runs it too, from the rules bundle.
 */
export const SEATS_ON_SQL =
  'SELECT COALESCE((SELECT seats FROM capacity WHERE date = {:date}), ' +
  "(SELECT seats FROM capacity WHERE date = 'default'), {:fallback}) AS capacity, " +
  `(SELECT COALESCE(SUM(party_size), 0) FROM reservations WHERE ${S.SEATS_SQL.reservation} AND event_date = {:date}) AS reserved, ` +
  `(SELECT COALESCE(SUM(party_size), 0) FROM waitlist WHERE ${S.SEATS_SQL.hold} AND event_date = {:date}) AS held, ` +
  `(SELECT COALESCE(MIN(offer_expires), '') FROM waitlist WHERE ${S.SEATS_SQL.hold} AND event_date = {:date}) AS held_until`;

/** SEATS_ON_SQL's fixed parameters. */
export const SEATS_ON_PARAMS = { fallback: S.DEFAULT_NIGHTLY_CAPACITY, name: S.BOARD_GAME_NIGHT } as const;

/** SEATS_ON_SQL's row. */
export type SeatsRow = {
  capacity: number;
  reserved: number;
  held: number;
  held_until: string;
};

/**
 * One night's seats at `now` (default: the real time). Callers run it while holding SQLite's only
 * write lock, which every create waits for: one query and one model keeps that hold short.
 */
export function seatsOn(app: CoreApp, date: string, now?: Date): S.NightSeats {
  const row = rowOf<SeatsRow>({ capacity: 0, reserved: 0, held: 0, held_until: '' });
  app
    .db()
    .newQuery(SEATS_ON_SQL)
    .bind(Object.assign({ date, now: instant(now) }, SEATS_ON_PARAMS))
    .one(row);
  return nightOf(row);
}

/** A night's seats from SEATS_ON_SQL's row. */
export function nightOf(row: SeatsRow): S.NightSeats {
  return S.seatsOf(row.capacity, row.reserved, row.held, row.held_until);
}

/** Seats left on one night at `now` (default: the real time). */
export function seatsLeftOn(app: CoreApp, date: string, now?: Date): number {
  return seatsOn(app, date, now).left;
}

/** Does a reservation hold seats on its night (S.takesSeats)? */
export function takesSeats(r: core.Record): boolean {
  return S.takesSeats({ event_name: r.getString('event_name'), status: r.getString('status') });
}

/**
 * Would `want` guests fit on `date`? `alreadyCounted` is how many of them the night already
 * counts (a staff edit of a reservation on that night). null when they fit; otherwise the
 * refusal with its code (S.seatsRefusal): night_full on event_date when no seat is left, else
 * not_enough_seats ('only N seats') on party_size. `forStaff`: the message is staff's
 * (S.staffSeatsMessage: what is left and held, and until when), the code the same.
 */
export function checkSeats(app: CoreApp, date: string, want: number, alreadyCounted: number, now?: Date, forStaff = false): Refusal | null {
  const night = seatsOn(app, date, now);
  if (forStaff) return staffShortfall(date, want, night, alreadyCounted, S.venueNight(now));
  return seatsShortfall(date, want, night, alreadyCounted);
}

/**
 * seatsShortfall in staff's words (S.staffSeatsMessage: what is left and held, and until when, as
 * of the venue night `tonight`), on the same fields and with the same code. Pure: the rules
 * bundle's staff changes (hooks/create/staff-changes.ts) use it too.
 */
export function staffShortfall(date: string, want: number, night: S.NightSeats, alreadyCounted: number, tonight: string): Refusal | null {
  const refusal = seatsShortfall(date, want, night, alreadyCounted);
  if (!refusal) return null;
  const left = night.left + (alreadyCounted || 0);
  const message = S.staffSeatsMessage(date, Object.assign({}, night, { left }), want, tonight);
  const fields: Record<string, string> = {};
  Object.keys(refusal.fields).forEach((field) => {
    fields[field] = message;
  });
  return { code: refusal.code, message, fields };
}

/** The guest's refusal when `want` guests don't fit in what `night` has left (plus `alreadyCounted` of them), else null. */
export function seatsShortfall(date: string, want: number, night: S.NightSeats, alreadyCounted = 0): Refusal | null {
  const left = night.left + (alreadyCounted || 0);
  return left >= want ? null : S.seatsRefusal(date, left);
}
