/// <reference path="../../pb_data/types.d.ts" />
/**
 * Board game night capacity: seats left per night, and the one check public creates, staff
 * edits and waitlist claims use (same situation, same message); the waitlist's holds count. Callers run it inside the transaction that
 * writes the reservation, so the count and the insert cannot interleave with another writer.
 */
const S = require(`${__hooks}/lib/shared.js`);

function capacityRows(app, from, to) {
  const rows = arrayOf(new DynamicModel({ date: '', seats: 0 }));
  app
    .db()
    .newQuery("SELECT date, seats FROM capacity WHERE date = 'default' OR (date >= {:from} AND date <= {:to})")
    .bind({ from, to })
    .all(rows);
  return rows;
}

/** Reservation statuses that give their seats back. */
const FREED = S.SEAT_FREEING_STATUSES;

/**
 * The one definition of the seats a night has taken: its board game night reservations that
 * still count (not cancelled, not a no-show) and the waitlist's live holds (offered, hold not
 * over at `now`). One row (event_date, seats) per reservation or hold, for nights matching
 * `where` (a condition on event_date). Binds {:name} and {:now}.
 */
function takenSql(where) {
  return (
    'SELECT event_date, party_size AS seats FROM reservations ' +
    `WHERE event_name = {:name} AND status NOT IN (${FREED.map((f) => `'${f}'`).join(', ')}) AND ${where} ` +
    "UNION ALL SELECT event_date, party_size AS seats FROM waitlist WHERE status = 'offered' AND offer_expires > {:now} AND " +
    where
  );
}

/** An instant as the holds' offer_expires is written (ISO), the real time by default. */
function instant(now) {
  return (now || new Date()).toISOString();
}

function bookedRows(app, from, to) {
  const rows = arrayOf(new DynamicModel({ event_date: '', total: 0 }));
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

/** [{ date, capacity, seatsLeft }] for every night from..to (inclusive). */
function nightAvailability(app, from, to) {
  let fallback = S.DEFAULT_NIGHTLY_CAPACITY;
  const caps = {};
  capacityRows(app, from, to).forEach((r) => {
    if (r.date === 'default') fallback = r.seats;
    else caps[r.date] = r.seats;
  });
  const booked = {};
  bookedRows(app, from, to).forEach((r) => {
    booked[r.event_date] = r.total;
  });
  const nights = [];
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
function seatsLeftOn(app, date, now) {
  const row = new DynamicModel({ capacity: 0, booked: 0 });
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
function takesSeats(r) {
  return r.getString('event_name') === S.BOARD_GAME_NIGHT && FREED.indexOf(r.getString('status')) === -1;
}

/**
 * Would `want` guests fit on `date`? `alreadyCounted` is how many of them the night already
 * counts (a staff edit of a reservation on that night). null when they fit; otherwise the
 * refusal with its code (S.seatsRefusal): night_full on event_date when no seat is left, else
 * not_enough_seats ('only N seats') on party_size.
 */
function checkSeats(app, date, want, alreadyCounted, now) {
  const left = seatsLeftOn(app, date, now) + (alreadyCounted || 0);
  if (left >= want) return null;
  return S.seatsRefusal(date, left);
}

module.exports = { nightAvailability, checkSeats, seatsLeftOn, takesSeats };
