/**
 * The reliability script (plain Node) counts the venue's "today" as the server does: the venue
 * night, so its "past date" payloads are past for the server too, at any hour of a run.
 */
import { describe, expect, it } from 'vitest';
import { venueNight } from '../../src/lib/venueTime';
// @ts-expect-error -- a plain .mjs script without types
import { venueToday } from '../../scripts/reliability/dates.mjs';

describe('reliability dates', () => {
  it('agree with the server on the venue night at every hour, across a clock change', () => {
    const starts = ['2026-11-25T00:00:00Z', '2026-03-07T00:00:00Z', '2026-10-31T00:00:00Z'];
    for (const start of starts) {
      for (let minutes = 0; minutes < 48 * 60; minutes += 15) {
        const now = new Date(Date.parse(start) + minutes * 60_000);
        expect((venueToday as (d: Date) => string)(now), now.toISOString()).toBe(venueNight(now));
      }
    }
  });

  it('count 2:58 AM in New York as the night before', () => {
    expect((venueToday as (d: Date) => string)(new Date('2026-11-26T07:58:00Z'))).toBe('2026-11-25');
  });
});
