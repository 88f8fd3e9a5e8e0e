import { describe, expect, it } from 'vitest';
import { RETENTION_MESSAGES } from '../../src/lib/rules/guestData';
import { readNowFlag } from './nowFlag';

describe("the console commands' --now", () => {
  it('reads an ISO instant with its offset, Z or numeric', () => {
    expect(readNowFlag('2026-11-23T17:05:00Z')).toEqual({ now: new Date('2026-11-23T17:05:00.000Z') });
    expect(readNowFlag(' 2026-11-23T12:05:00.250-05:00 ')).toEqual({ now: new Date('2026-11-23T17:05:00.250Z') });
    expect(readNowFlag('2026-11-23T17:05Z')).toEqual({ now: new Date('2026-11-23T17:05:00.000Z') });
  });

  it('is now when empty', () => {
    const at = new Date('2026-11-28T05:30:00Z');
    expect(readNowFlag('', () => at)).toEqual({ now: at });
    expect(readNowFlag('   ', () => at)).toEqual({ now: at });
  });

  it('refuses a date without its offset, words, an impossible day or time, naming what it got', () => {
    for (const raw of ['2026-11-23T17:05:00', 'yesterday', '2026-02-30T10:00:00Z', '2026-11-23T24:00:00Z', '2026-11-23T10:60Z', '2026-11-23']) {
      expect(readNowFlag(raw)).toEqual({ error: `--${RETENTION_MESSAGES.badNow(raw)}` });
    }
  });
});
