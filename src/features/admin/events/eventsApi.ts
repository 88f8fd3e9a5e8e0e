/**
 * The events editor's data: every event (active or not), its writes, and how many guests are
 * booked on an event from today on. Writes are admin-only on the server
 * (pb_migrations/1763700000_collections.js) and checked by the shared rules (hooks/lib/staff-records.ts).
 */
import { pb } from '../../../lib/api/client';
import type { EventRecordInput } from '../../../lib/rules/staff';
import { isoWeekday } from '../../../lib/venueTime';

export interface StaffEvent extends EventRecordInput {
  id: string;
}

/** What a change to an event touches: its reservations from today on (cancelled ones aside). */
export interface Bookings {
  reservations: number;
  guests: number;
}

export const eventsApi = {
  list: () => pb.collection('events').getFullList<StaffEvent>({ sort: 'date,weekday,sort_order,title', requestKey: null }),
  create: (event: EventRecordInput) => pb.collection('events').create<StaffEvent>(event, { requestKey: null }),
  update: (id: string, patch: Partial<EventRecordInput>) => pb.collection('events').update<StaffEvent>(id, patch, { requestKey: null }),
  remove: (id: string) => pb.collection('events').delete(id, { requestKey: null }),
  /**
   * Reservations stored under the event's title on its date (a special event) or on its weekday
   * (a weekly entry), from `today` on: reservations keep the event's name, not a link to it.
   */
  bookings: async (event: Pick<StaffEvent, 'kind' | 'title' | 'date' | 'weekday'>, today: string): Promise<Bookings> => {
    const filter =
      event.kind === 'special'
        ? pb.filter('event_name = {:title} && event_date = {:date} && event_date >= {:today} && status != "cancelled"', { title: event.title, date: event.date, today })
        : pb.filter('event_name = {:title} && event_date >= {:today} && status != "cancelled"', { title: event.title, today });
    const rows = await pb.collection('reservations').getFullList<{ event_date: string; party_size: number }>({ filter, fields: 'event_date,party_size', requestKey: null });
    const booked = event.kind === 'weekly' ? rows.filter((r) => isoWeekday(r.event_date) === event.weekday) : rows;
    return { reservations: booked.length, guests: booked.reduce((sum, r) => sum + (r.party_size || 0), 0) };
  },
};

/** A date or weekday change (or a new title, which the stored reservations no longer match). */
export function movesBookings(before: StaffEvent, after: EventRecordInput): boolean {
  return before.kind !== after.kind || before.title !== after.title || (before.kind === 'special' ? before.date !== after.date : before.weekday !== after.weekday);
}
