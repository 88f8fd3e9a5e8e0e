import { describe, expect, it } from 'vitest';
import { csvFilename } from './csv';

describe('csv export file', () => {
  it('names the file after the filter', () => {
    expect(csvFilename('2026-11-22', { date: '', from: '', to: '' })).toBe('reservations-2026-11-22.csv');
    expect(csvFilename('2026-11-22', { date: '2026-11-27', from: '', to: '' })).toBe('reservations-2026-11-27.csv');
    expect(csvFilename('2026-11-22', { date: '', from: '2026-11-01', to: '' })).toBe('reservations-2026-11-01-to-end.csv');
  });
});
