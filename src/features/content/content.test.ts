import { describe, expect, it } from 'vitest';
import { venue } from '../../content/venue';
import { formatCalendarDate, relatedArticles } from './blogFormat';
import { buildPosterWeek } from './posterSchedule';

describe('blog helpers', () => {
  it('formats dates without time zone drift', () => {
    expect(formatCalendarDate('2025-04-08')).toBe('April 8, 2025');
    expect(formatCalendarDate('2026-01-01')).toBe('January 1, 2026');
    expect(formatCalendarDate('nope')).toBe('nope');
  });

  it('suggests the following articles, wrapping round, never the current one', () => {
    const list = [{ slug: 'a' }, { slug: 'b' }, { slug: 'c' }, { slug: 'd' }];
    expect(relatedArticles(list, 'c').map((a) => a.slug)).toEqual(['d', 'a', 'b']);
    expect(relatedArticles(list, 'a', 2).map((a) => a.slug)).toEqual(['b', 'c']);
  });
});

describe('poster week', () => {
  it('groups weekly events by day, adds trivia and fills empty days with open tables', () => {
    const week = buildPosterWeek([
      { weekday: 1, title: 'Magic Draft', time: '6pm', price: '$25 at the door' },
      { weekday: 1, title: 'Open tables', time: '6pm', open_tables: true },
      { weekday: 4, title: 'Star Wars', time: '6:45pm' },
      { weekday: 4, title: 'Art', time: '7pm' },
      { weekday: 2, title: 'Hidden', active: false },
    ]);
    expect(week.map((d) => d.day)).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']);
    expect(week[0]!.items).toEqual([{ title: 'Magic Draft', time: '6pm', price: '$25 at the door' }]);
    expect(week[1]!.items[0]!.title).toBe('Open tables');
    expect(week[3]!.items.map((i) => i.title)).toEqual(['Star Wars', 'Art']);
    expect(week[4]!.items[0]).toMatchObject({ title: 'Movie Trivia', time: venue.trivia.start });
    expect(week[5]!.items[0]).toMatchObject({ title: 'Music Trivia' });
  });
});
