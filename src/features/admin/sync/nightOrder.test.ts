import { describe, expect, it } from 'vitest';
import { byNightTime } from './nightOrder';

describe("tonight's order", () => {
  it('runs by the clock, past midnight last, then by name; an unreadable time at the end', () => {
    const rows = ['11:30 PM', '8:00 PM', '6:00 PM', '12:30 AM', 'late', '8:00 PM'].map((event_time, i) => ({ event_time, name: `G${5 - i}` }));
    expect(rows.sort(byNightTime).map((r) => `${r.event_time} ${r.name}`)).toEqual(['6:00 PM G3', '8:00 PM G0', '8:00 PM G4', '11:30 PM G5', '12:30 AM G2', 'late G1']);
  });
});
