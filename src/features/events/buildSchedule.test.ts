import { describe, expect, it } from 'vitest';
import seedEvents from '../../../pb_migrations/seed/events.json';
import { weeklyScheduleOf } from './buildSchedule';

describe('weeklyScheduleOf: the weekly schedule the prerenderer builds into the pages', () => {
  it("from the seed's data file: its weekly events, in file order, the fields a fresh server answers", () => {
    const schedule = weeklyScheduleOf(seedEvents);
    const weekly = seedEvents.filter((e) => e.kind === 'weekly');
    expect(schedule.map((e) => e.title)).toEqual(weekly.map((e) => e.title));
    expect(schedule.map((e) => e.id)).toEqual(weekly.map((_, i) => `build-${i}`));
    // What the public API returns for the seeded record (empty date, the record's other fields).
    expect(schedule[0]).toEqual({
      id: 'build-0',
      kind: 'weekly',
      title: 'Magic Monday Night Draft',
      description: 'Draft a fresh Magic: The Gathering set and play it out with the community.',
      date: '',
      weekday: 1,
      time: '6pm',
      price: '$25 at the door',
      open_tables: false,
      sort_order: 0,
    });
  });

  it("a live server's list: weekly and active only, in the API's order (sort_order, then date), ids by position", () => {
    const records = [
      { id: 'c', kind: 'weekly', title: 'Late', weekday: 2, sort_order: 5 },
      { id: 's', kind: 'special', title: 'A special', date: '2026-12-17', sort_order: 0 },
      { id: 'h', kind: 'weekly', title: 'Hidden', weekday: 3, sort_order: 1, active: false },
      { id: 'a', kind: 'weekly', title: 'Early', weekday: 1, sort_order: 1 },
      { id: 'x', kind: 'weekly', title: 'No weekday', sort_order: 0 },
    ];
    expect(weeklyScheduleOf(records).map((e) => [e.id, e.title])).toEqual([
      ['build-0', 'Early'],
      ['build-1', 'Late'],
    ]);
  });
});
