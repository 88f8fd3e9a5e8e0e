/**
 * Issue 31 defect 3 on a real PocketBase: "seats taken" has one definition (src/lib/rules/seats.ts).
 * Tonight, with seats held for a waitlist offer, the seat card's count from the tablet's copy (the
 * sync pull, counted by nightSeats as the card counts it) agrees with the server's availability,
 * and a walk-in the held seats leave no room for is refused in staff's words, not the guest's.
 */
import { describe, expect, it } from 'vitest';
import { boardGameBody, get, post, venuePerFile } from '../support/api-fixtures';
import { newRecordId } from '../../src/lib/api/client';
import { MESSAGES } from '../../src/lib/rules/limits';
import { nightSeats, type SeatHold, type SeatReservation } from '../../src/lib/rules/seats';
import { formatNight, formatVenueClock, venueNight } from '../../src/lib/venueTime';

const v = venuePerFile({ relaxed: true, meta: false });

describe('seats taken tonight, with a live waitlist hold', () => {
  it('the seat card counts the held seats as the server does, and a walk-in refused for them is told so in staff words', async () => {
    const admin = await v.user('seats-admin@example.test', { admin: true });
    const auth = { Authorization: admin.authStore.token };
    const tonight = venueNight();
    await v.su.collection('capacity').create({ date: tonight, seats: 4 });
    const first = boardGameBody({ event_date: tonight, party_size: 2, email: 'first@example.test' });
    for (const body of [first, boardGameBody({ event_date: tonight, party_size: 2, email: 'second@example.test' })]) {
      expect((await post(`${v.url}/api/collections/reservations/records`, body)).status).toBe(200);
    }
    const joined = await post(`${v.url}/api/collections/waitlist/records`, boardGameBody({ event_date: tonight, party_size: 2, email: 'line@example.test' }));
    expect(joined.status, JSON.stringify(joined.json)).toBe(200);
    // Staff cancel a party: its 2 seats are offered to the line and held for the offer.
    const cancel = { id: newRecordId(), collection: 'reservations', op: 'update', record_id: first.id, fields: { status: 'cancelled' }, base: { status: 'confirmed' }, force: false, made_at: '' };
    expect((await post(`${v.url}/api/admin/changes`, { changes: [cancel] }, auth)).json.results[0].outcome).toBe('applied');

    const copy = (await get(`${v.url}/api/admin/sync`, auth)).json as { reservations: (SeatReservation & { event_date: string })[]; waitlist: (SeatHold & { event_date: string })[] };
    const held = copy.waitlist.find((w) => w.event_date === tonight && w.status === 'offered');
    expect(held).toBeDefined();
    const card = nightSeats(
      4,
      copy.reservations.filter((r) => r.event_date === tonight),
      copy.waitlist.filter((w) => w.event_date === tonight),
      new Date(),
    );
    const server = (await get(`${v.url}/api/availability?from=${tonight}&to=${tonight}`)).json.nights[0];
    expect(card).toMatchObject({ reserved: 2, held: 2, heldUntil: held!.offer_expires, left: 0 });
    expect(server).toEqual({ date: tonight, capacity: 4, seatsLeft: card.left });

    // A walk-in of 2 from the tablet: refused for capacity, in staff's words.
    const walkIn = { id: newRecordId(), collection: 'reservations', op: 'create', record_id: newRecordId(), fields: { name: 'Walk In', email: '', phone: '', party_size: 2, event_date: tonight, event_time: '9:00 PM' }, base: {}, force: false, made_at: '' };
    const [refused] = (await post(`${v.url}/api/admin/changes`, { changes: [walkIn] }, auth)).json.results;
    const message = `Tonight is full: 0 seats left, 2 held for the waitlist until ${formatVenueClock(new Date(held!.offer_expires))}.`;
    expect(refused).toMatchObject({ outcome: 'refused', code: 'capacity', message, fields: { event_date: message } });
    expect(refused.message).not.toBe(MESSAGES.nightFull(formatNight(tonight)));
  });
});
