/**
 * Guest search ranks by how well a guest matches before the night (issue 25, item 7), and its
 * "tonight" is the venue night (until 4:00 the night that began the evening before), not the
 * calendar date. Before: part of an email holding digits ("mike718hphk") answered 20 of tonight's
 * guests whose phones contain 718 and not the guest whose email it is; at 2 AM the evening's
 * guests counted as a past night.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GUEST_SEARCH } from '../../src/lib/rules/guestSearch';
import { addDays, venueDateTimeToUtc, venueNight } from '../../src/lib/venueTime';
import { boardGameBody, dayFromToday, startVenue, type Venue } from '../support/api-fixtures';
import type PocketBase from 'pocketbase';

let v: Venue;
let staff: PocketBase;

/** A reservation on `date` (moved there as staff would, for a night the booking rules close). */
async function seed(guest: { name: string; email: string; phone?: string }, date: string): Promise<string> {
  const created = await v.su
    .collection('reservations')
    .create(boardGameBody({ ...guest, phone: guest.phone ?? '', party_size: 1, event_date: dayFromToday(20) }));
  await v.su.collection('reservations').update(created.id, { event_date: date });
  return created.id;
}

async function search(pb: PocketBase, q: string, at?: string): Promise<string[]> {
  const answer = await pb.send<{ items: { id: string }[] }>('/api/admin/reservations/search', { query: at ? { q, at } : { q } });
  return answer.items.map((r) => r.id);
}

beforeAll(async () => {
  v = await startVenue({ meta: false });
  await v.relaxRateLimits();
  staff = await v.user('door-rank@example.test', { admin: true });
});
afterAll(() => v?.stop());

describe('guest search ranking', () => {
  it('finds the guest whose email holds the digits before tonight\'s guests whose phones contain them', async () => {
    const tonight = venueNight();
    const phones: string[] = [];
    for (let i = 0; i < 25; i++) {
      phones.push(await seed({ name: `Phone Guest ${i}`, email: `phone${i}@example.test`, phone: `(718) 555-01${String(i).padStart(2, '0')}` }, tonight));
    }
    const mike = await seed({ name: 'Mike Hart', email: 'mike718hphk@example.test' }, addDays(tonight, 9));
    const found = await search(staff, 'mike718hphk');
    expect(found[0]).toBe(mike);
    expect(found).toHaveLength(GUEST_SEARCH.maxResults);
    expect(phones).toEqual(expect.arrayContaining(found.slice(1)));
    // The whole email, or its start, finds the same guest first too.
    expect((await search(staff, 'mike718hphk@example.test'))[0]).toBe(mike);
    expect((await search(staff, 'MIKE718'))[0]).toBe(mike);
  });

  it('puts the whole email or name, then a start, above a guest who merely contains it, then tonight first', async () => {
    const tonight = venueNight();
    const rosa = await seed({ name: 'Rosa Amarilla', email: 'rosa@example.test' }, tonight);
    const maria = await seed({ name: 'Maria Lopez', email: 'mlopez@example.test' }, addDays(tonight, 3));
    const ann = await seed({ name: 'Ann Marie', email: 'ann@example.test' }, addDays(tonight, -10));
    const joann = await seed({ name: 'Jo Smith', email: 'joann@example.test' }, tonight);
    // "mari": the start of Maria's name and of a word of Ann's (coming night before past), then
    // Rosa, who only contains it, although she is booked tonight.
    expect(await search(staff, 'mari')).toEqual([maria, ann, rosa]);
    // The whole email beats tonight's guest whose email ends with it.
    expect(await search(staff, 'ann@example.test')).toEqual([ann, joann]);
    expect(await search(staff, 'Maria Lopez')).toEqual([maria]);
  });

  it('treats the previous evening as tonight until 4:00', async () => {
    const night = dayFromToday(30);
    const ids = {
      before: await seed({ name: 'Nina Night', email: 'nina.a@example.test' }, addDays(night, -1)),
      evening: await seed({ name: 'Nina Night', email: 'nina.b@example.test' }, night),
      next: await seed({ name: 'Nina Night', email: 'nina.c@example.test' }, addDays(night, 1)),
    };
    const twoAm = venueDateTimeToUtc(addDays(night, 1), '2:00 AM')!.toISOString();
    const fourAm = venueDateTimeToUtc(addDays(night, 1), '4:00 AM')!.toISOString();
    // At 2 AM the evening's guests are tonight's; the night before is past.
    expect(await search(v.su, 'nina night', twoAm)).toEqual([ids.evening, ids.next, ids.before]);
    // From 4:00 the new day's night begins.
    expect(await search(v.su, 'nina night', fourAm)).toEqual([ids.next, ids.evening, ids.before]);
  });

  it('lets only a superuser search as of another time, and refuses an instant it cannot read', async () => {
    await expect(search(staff, 'nina', '2026-11-24T07:00:00Z')).rejects.toMatchObject({ status: 403 });
    await expect(search(v.anon, 'nina', '2026-11-24T07:00:00Z')).rejects.toMatchObject({ status: 403 });
    const bartender = await v.user('bar-rank@example.test');
    await expect(search(bartender, 'nina', '2026-11-24T07:00:00Z')).rejects.toMatchObject({ status: 403 });
    await expect(search(v.su, 'nina', 'tomorrow')).rejects.toMatchObject({ status: 400, response: { message: /^at: / } });
    await expect(search(v.su, 'nina', '2026-13-45T99:00:00Z')).rejects.toMatchObject({ status: 400 });
  });
});
