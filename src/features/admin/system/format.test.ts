import { describe, expect, it } from 'vitest';
import { sizeText, whenText } from './format';

describe('System view formats', () => {
  it('writes sizes in the unit a person reads', () => {
    expect(sizeText(0)).toBe('0 bytes');
    expect(sizeText(1536)).toBe('1.5 KB');
    expect(sizeText(250 * 1024 * 1024)).toBe('250 MB');
    expect(sizeText(12.4 * 1024 ** 3)).toBe('12 GB');
  });

  it('writes times on the venue clock, today without the date', () => {
    const now = new Date('2026-11-27T17:00:00Z'); // noon in Brooklyn
    expect(whenText('2026-11-27 16:05:00.000Z', now)).toBe('today at 11:05 AM');
    expect(whenText('2026-11-24 01:30:00.000Z', now)).toBe('Mon, Nov 23, 2026 at 8:30 PM');
    expect(whenText('', now)).toBe('never');
  });
});
