/// <reference path="../../pb_data/types.d.ts" />
/**
 * Board game night capacity: seats left per night, and the one check both public creates and
 * staff edits use (same situation, same message). Callers run it inside the transaction that
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

function bookedRows(app, from, to) {
  const rows = arrayOf(new DynamicModel({ event_date: '', total: 0 }));
  app
    .db()
    .newQuery(
      'SELECT event_date, COALESCE(SUM(party_size), 0) AS total FROM reservations ' +
        "WHERE event_name = {:name} AND status != 'cancelled' AND event_date >= {:from} AND event_date <= {:to} " +
        'GROUP BY event_date',
    )
    .bind({ name: S.BOARD_GAME_NIGHT, from, to })
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
 * Seats left on one night, in one statement (the same figures as nightAvailability). Callers run
 * it while holding SQLite's only write lock, which every create waits for: one query and one
 * model instead of two queries, two result arrays and a day loop keeps that hold short.
 */
function seatsLeftOn(app, date) {
  const row = new DynamicModel({ capacity: 0, booked: 0 });
  app
    .db()
    .newQuery(
      'SELECT COALESCE((SELECT seats FROM capacity WHERE date = {:date}), ' +
        "(SELECT seats FROM capacity WHERE date = 'default'), {:fallback}) AS capacity, " +
        '(SELECT COALESCE(SUM(party_size), 0) FROM reservations ' +
        "WHERE event_name = {:name} AND status != 'cancelled' AND event_date = {:date}) AS booked",
    )
    .bind({ date, fallback: S.DEFAULT_NIGHTLY_CAPACITY, name: S.BOARD_GAME_NIGHT })
    .one(row);
  return Math.max(0, row.capacity - row.booked);
}

/**
 * Would `want` guests fit on `date`? `alreadyCounted` is how many of them the night already
 * counts (a staff edit of a reservation on that night). null when they fit; otherwise the
 * refusal: 'fully booked' on event_date when no seat is left, else 'only N seats' on party_size.
 */
function checkSeats(app, date, want, alreadyCounted) {
  const left = seatsLeftOn(app, date) + (alreadyCounted || 0);
  if (left >= want) return null;
  const label = S.formatNight(date);
  if (left <= 0) {
    const msg = S.MESSAGES.nightFull(label);
    return { message: msg, fields: { event_date: msg } };
  }
  const msg = S.MESSAGES.notEnoughSeats(label, left);
  return { message: msg, fields: { party_size: msg } };
}

module.exports = { nightAvailability, checkSeats };
