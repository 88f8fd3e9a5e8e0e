/**
 * The test oracle for the staff dashboard's figures: the filters, sort orders, counts and both
 * analytics tables computed in JavaScript from a whole list. The browser never does this (the
 * server computes the figures and the list is paged: hooks/lib/reservation-stats.ts); the stats
 * API test checks the server's answers against it, with the dashboard's own filter rule
 * (matchesFilters), row order and table orders.
 */
import { byName, reservationOrder } from '../../src/lib/rules/csv';
import { matchesFilters, orderByDate, orderByEvent, type AnalyticsRow, type Reservation, type ReservationCounts, type ReservationFilters, type ReservationSort } from '../../src/features/admin';

export function filterReservations(list: readonly Reservation[], filters: ReservationFilters): Reservation[] {
  return list.filter((r) => matchesFilters(r, filters));
}

export function sortReservations(list: readonly Reservation[], sort: ReservationSort): Reservation[] {
  return [...list].sort(reservationOrder(sort));
}

export function countReservations(list: readonly Reservation[]): ReservationCounts {
  let guests = 0;
  const events = new Set<string>();
  for (const r of list) {
    guests += Number.isFinite(r.party_size) ? r.party_size : 0;
    events.add(r.event_name);
  }
  return { reservations: list.length, guests, events: events.size };
}

function group(list: readonly Reservation[], keyOf: (r: Reservation) => string): AnalyticsRow[] {
  const rows = new Map<string, AnalyticsRow>();
  for (const r of list) {
    const key = keyOf(r);
    const row = rows.get(key) ?? { key, reservations: 0, guests: 0 };
    row.reservations += 1;
    row.guests += Number.isFinite(r.party_size) ? r.party_size : 0;
    rows.set(key, row);
  }
  return [...rows.values()];
}

/** By event name, grouped from a list (the server's by-event table). */
export function analyticsByEvent(list: readonly Reservation[]): AnalyticsRow[] {
  return orderByEvent(group(list, (r) => r.event_name));
}

/** By event date, grouped from a list (the server's by-date table). */
export function analyticsByDate(list: readonly Reservation[], sort: ReservationSort): AnalyticsRow[] {
  return orderByDate(group(list, (r) => r.event_date), sort);
}

/** The event names present in the data, A–Z (the server's list for the event filter). */
export function eventNames(list: readonly Reservation[]): string[] {
  return [...new Set(list.map((r) => r.event_name))].sort(byName);
}
