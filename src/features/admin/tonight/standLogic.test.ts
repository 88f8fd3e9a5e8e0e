import { describe, expect, it } from 'vitest';
import { HOST_STAND } from '../../../lib/rules/hostStand';
import type { ReservationStatus } from '../../../lib/rules/limits';
import { buildStand, formatMinutes, matchesGuest, minutesLate, standRow } from './standLogic';

const NIGHT = '2026-11-26';
// 8:00 PM on the venue's clock (New York, UTC-5 in November).
const EIGHT = Date.parse('2026-11-27T01:00:00Z');
const MIN = 60_000;

let n = 0;
function party(name: string, time: string, size = 2, status: ReservationStatus = 'confirmed', more: { email?: string; phone?: string } = {}) {
  return { id: `r${++n}`, name, email: more.email ?? '', phone: more.phone ?? '', event_date: NIGHT, event_time: time, party_size: size, status };
}

describe('the host stand', () => {
  it(`marks a party late ${HOST_STAND.lateAfterMinutes} minutes after its time, only while it is not arrived`, () => {
    const ada = party('Ada', '8:00 PM');
    expect(minutesLate(ada, EIGHT + 14 * MIN)).toBe(0);
    expect(standRow(ada, EIGHT + 14 * MIN).state).toBe('expected');
    expect(minutesLate(ada, EIGHT + 15 * MIN)).toBe(15);
    expect(standRow(ada, EIGHT + 15 * MIN).state).toBe('late');
    expect(standRow({ ...ada, status: 'arrived' }, EIGHT + 60 * MIN)).toMatchObject({ state: 'arrived', late: 0 });
    expect(standRow({ ...ada, status: 'no_show' }, EIGHT + 60 * MIN).state).toBe('no_show');
    // A time past midnight is the next morning of the night's date, not this one's.
    expect(standRow(party('Owl', '12:30 AM'), EIGHT + 60 * MIN).state).toBe('expected');
  });

  it('groups by arrival slot with parties and covers per slot, late parties first in their slot', () => {
    const rows = [
      party('Ada', '7:00 PM', 4, 'arrived'),
      party('Bea', '7:00 PM', 2, 'cancelled'),
      party('Cal', '8:00 PM', 3),
      party('Dee', '8:00 PM', 2, 'arrived'),
      party('Eve', '8:00 PM', 5),
      party('Fay', '9:00 PM', 6),
    ];
    // 8:20 PM: the 8:00 slot is the current one and its two parties not arrived are late.
    const stand = buildStand(rows, { now: EIGHT + 20 * MIN, filter: 'all', query: '' });
    expect(stand.groups.map((g) => [g.slot, g.parties, g.covers, g.late, g.current, g.done])).toEqual([
      ['7:00 PM', 1, 4, 0, false, true],
      ['8:00 PM', 3, 10, 2, true, false],
      ['9:00 PM', 1, 6, 0, false, false],
    ]);
    expect(stand.groups[1]!.rows.map((r) => [r.party.name, r.state, r.late])).toEqual([
      ['Cal', 'late', 20],
      ['Eve', 'late', 20],
      ['Dee', 'arrived', 0],
    ]);
    expect(stand.groups[0]!.rows.map((r) => r.party.name)).toEqual(['Ada', 'Bea']);
    expect(stand.shown).toBe(6);
    // The last slot takes the night's late walk-ins: never folded, even long past its half hour.
    const late = buildStand([party('Walk', '11:30 PM', 2, 'arrived')], { now: EIGHT + 6 * 60 * MIN, filter: 'all', query: '' });
    expect(late.groups[0]!.done).toBe(false);
  });

  it('counts each chip and shows only the chosen one (expected holds the late ones too)', () => {
    const rows = [party('Ada', '7:00 PM', 4, 'arrived'), party('Bea', '7:00 PM', 2, 'cancelled'), party('Cal', '7:30 PM'), party('Dee', '9:00 PM'), party('Eve', '9:00 PM', 2, 'no_show')];
    const at = EIGHT;
    const all = buildStand(rows, { now: at, filter: 'all', query: '' });
    expect(all.counts).toEqual({ all: 5, expected: 2, late: 1, arrived: 1, no_show: 1, cancelled: 1 });
    const late = buildStand(rows, { now: at, filter: 'late', query: '' });
    expect(late.groups.flatMap((g) => g.rows.map((r) => r.party.name))).toEqual(['Cal']);
    expect(late.counts).toEqual(all.counts);
    const expected = buildStand(rows, { now: at, filter: 'expected', query: '' });
    expect(expected.groups.map((g) => g.slot)).toEqual(['7:30 PM', '9:00 PM']);
    expect(expected.shown).toBe(2);
  });

  it('searches tonight by part of a name or email from the first letter, and by 3+ digits of a phone', () => {
    const maria = { name: 'Maria Lopez', email: 'maria@example.test', phone: '(347) 555-0100' };
    expect(matchesGuest(maria, 'lop')).toBe(true);
    expect(matchesGuest(maria, 'M')).toBe(true);
    expect(matchesGuest(maria, 'EXAMPLE.t')).toBe(true);
    expect(matchesGuest(maria, '347 555')).toBe(true);
    expect(matchesGuest(maria, '34')).toBe(false);
    expect(matchesGuest(maria, 'zed')).toBe(false);
    const rows = [party('Maria Lopez', '8:00 PM', 2, 'confirmed', maria), party('Marco Polo', '9:00 PM')];
    const found = buildStand(rows, { now: EIGHT, filter: 'all', query: 'lopez' });
    expect(found.groups.flatMap((g) => g.rows.map((r) => r.party.name))).toEqual(['Maria Lopez']);
    expect(found.counts.all).toBe(1);
  });

  it('writes a duration in minutes, then hours and minutes', () => {
    expect(formatMinutes(0)).toBe('0 min');
    expect(formatMinutes(42.9)).toBe('42 min');
    expect(formatMinutes(65)).toBe('1 h 05');
  });
});
