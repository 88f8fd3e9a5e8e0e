import { ClientResponseError } from 'pocketbase';
import { describe, expect, it } from 'vitest';
import { NO_COUNTS, NO_FILTERS, emptyListMessage, errorMessage, listTitle, loadMoreLabel, shownCounts, toAnalyticsRows } from './reservationsLogic';
import type { ReservationStats } from './types';

// What the reservations view's parts show, decided in reservationsLogic.ts (the components only render it).
describe('the reservations view, as logic', () => {
  const stats: ReservationStats = {
    counts: { reservations: 3, guests: 7, events: 2 },
    byEvent: [['Board Game Night', 2, 6]],
    byDate: [['2026-11-27', 3, 7]],
    eventNames: ['Board Game Night', 'Pokemon TCG'],
    tonight: { date: '2026-11-27' },
  };

  it('shows the counts only once the list is in', () => {
    expect(shownCounts(false, stats)).toEqual(NO_COUNTS);
    expect(shownCounts(true, null)).toEqual(NO_COUNTS);
    expect(shownCounts(true, stats)).toEqual({ reservations: 3, guests: 7, events: 2 });
  });

  it("reads the server's table rows", () => {
    expect(toAnalyticsRows(stats.byEvent)).toEqual([{ key: 'Board Game Night', reservations: 2, guests: 6 }]);
  });

  it('titles the list and says why it is empty', () => {
    expect(listTitle(NO_FILTERS)).toBe('All reservations');
    expect(listTitle({ ...NO_FILTERS, eventName: 'Pokemon TCG' })).toBe('Filtered reservations');
    expect(emptyListMessage([])).toBe('No reservations yet.');
    expect(emptyListMessage(['Pokemon TCG'])).toBe('No reservations match these filters.');
  });

  it('offers earlier nights once the coming ones are all loaded', () => {
    expect(loadMoreLabel({ segment: 'upcoming', page: 2 }, false)).toBe('Load more');
    expect(loadMoreLabel({ segment: 'past', page: 1 }, false)).toBe('Load earlier nights');
    expect(loadMoreLabel({ segment: 'past', page: 2 }, false)).toBe('Load more');
    expect(loadMoreLabel({ segment: 'past', page: 1 }, true)).toBe('Loading…');
  });

  it("says a refused change in the server's words, anything else in the fallback's", () => {
    const refused = new ClientResponseError({ status: 400, response: { data: { status: { message: 'Invalid status.' } } } });
    expect(errorMessage(refused, 'Failed')).toBe('Invalid status.');
    expect(errorMessage(new ClientResponseError({ status: 500, response: {} }), 'Failed')).toBe('Failed');
    expect(errorMessage(new Error('network'), 'Failed')).toBe('Failed');
  });
});
