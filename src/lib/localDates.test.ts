import { describe, expect, it } from 'vitest';
import { isoToLocalDate, localDateToIso } from './localDates';
import { addDays } from './venueTime';

describe('local dates for pickers and labels', () => {
  it('maps every day of 2024 to 2030 to local midnight of the same date and back', () => {
    const wrong: string[] = [];
    for (let iso = '2024-01-01'; iso < '2031-01-01'; iso = addDays(iso, 1)) {
      const date = isoToLocalDate(iso);
      if (date.getHours() !== 0 || date.getMinutes() !== 0 || localDateToIso(date) !== iso) wrong.push(iso);
    }
    expect(wrong).toEqual([]);
  });

  it('refuses what is not a calendar date', () => {
    for (const bad of ['nope', '2025-02-30', '2025-13-01', '2025-1-01', '']) expect(() => isoToLocalDate(bad), bad).toThrow('Not a date');
  });
});
