import { describe, expect, it } from 'vitest';
import { lineUp, type WaitlistRow } from './NightWaitlist';

const row = (id: string, status: WaitlistRow['status'], created: string, event_date = '2026-12-05'): WaitlistRow => ({
  id,
  name: id,
  party_size: 2,
  event_date,
  event_time: '8:00 PM',
  status,
  offer_expires: '',
  created,
});

describe('lineUp', () => {
  it('puts offers first, then the waiting parties numbered in the order they joined, then the rest; other nights are left out', () => {
    const rows = [
      row('late', 'waiting', '2026-12-01 10:00:00.000Z'),
      row('gone', 'left', '2026-11-30 09:00:00.000Z'),
      row('early', 'waiting', '2026-11-30 10:00:00.000Z'),
      row('held', 'offered', '2026-11-29 10:00:00.000Z'),
      row('other', 'waiting', '2026-11-28 10:00:00.000Z', '2026-12-06'),
      row('done', 'claimed', '2026-11-28 10:00:00.000Z'),
    ];
    expect(lineUp(rows, '2026-12-05').map(({ row: r, position }) => [r.id, position])).toEqual([
      ['held', null],
      ['early', 1],
      ['late', 2],
      ['done', null],
      ['gone', null],
    ]);
  });
});
