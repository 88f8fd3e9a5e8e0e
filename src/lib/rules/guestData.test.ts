import { describe, expect, it } from 'vitest';
import { describeCounts, emailKey, GUEST_DATA_MESSAGES, guestPhoneKey, nextBatchSize, readRetentionDays, RETENTION, retentionCutoff, totalOf, type GuestCounts } from './guestData';

const none: GuestCounts = { reservations: 0, waitlist: 0, private_event_inquiries: 0, influencer_applications: 0, pass_confirmations: 0 };

describe('readRetentionDays', () => {
  it('takes a positive whole number of days, written in digits', () => {
    expect(readRetentionDays('365')).toEqual({ days: 365, warning: '' });
    expect(readRetentionDays(' 30 ')).toEqual({ days: 30, warning: '' });
    expect(readRetentionDays('1')).toEqual({ days: 1, warning: '' });
  });

  it('keeps the default, silently, when it is not set', () => {
    expect(readRetentionDays(undefined)).toEqual({ days: RETENTION.defaultDays, warning: '' });
    expect(readRetentionDays('')).toEqual({ days: 730, warning: '' });
  });

  it.each(['0', '-3', '1.5', 'two years', '730d', '1e3', '0x10', '9999999'])('keeps the default and says why for %s', (raw) => {
    const read = readRetentionDays(raw);
    expect(read.days).toBe(730);
    expect(read.warning).toBe(
      `RETENTION_DAYS must be a positive whole number of days (got "${raw}"); keeping guests' personal data 730 days after their night.`,
    );
  });
});

describe('retentionCutoff (venue time, America/New_York)', () => {
  it('counts from the venue night: at 2 AM the night before is still tonight', () => {
    // 2026-11-28 02:00 EST = 07:00Z: still the night of the 27th.
    expect(retentionCutoff(new Date('2026-11-28T07:00:00Z'), 730).night).toBe('2024-11-27');
    // 04:00 EST begins the 28th.
    expect(retentionCutoff(new Date('2026-11-28T09:00:00Z'), 730).night).toBe('2024-11-28');
  });

  it('records without a night are cut at 4 AM venue time on the cutoff night, in its offset', () => {
    expect(retentionCutoff(new Date('2026-11-28T09:00:00Z'), 730).before.toISOString()).toBe('2024-11-28T09:00:00.000Z');
    // A summer cutoff: EDT, so 4 AM is 08:00Z.
    expect(retentionCutoff(new Date('2026-07-15T16:00:00Z'), 365).before.toISOString()).toBe('2025-07-15T08:00:00.000Z');
  });

  it('one day of retention keeps last night', () => {
    expect(retentionCutoff(new Date('2026-11-27T17:00:00Z'), 1).night).toBe('2026-11-26');
  });
});

describe('the words', () => {
  it('counts in the singular and plural, and leaves out what is not there', () => {
    expect(describeCounts({ ...none, reservations: 3, private_event_inquiries: 1 })).toBe('3 reservations, 1 private event inquiry');
    expect(describeCounts({ ...none, waitlist: 2, pass_confirmations: 1 })).toBe('2 waitlist entries, 1 monthly pass receipt');
    expect(describeCounts(none)).toBe('');
    expect(totalOf({ ...none, reservations: 3, influencer_applications: 2 })).toBe(5);
    expect(GUEST_DATA_MESSAGES.forgot({ ...none, reservations: 1 })).toBe('Forgot a guest: 1 reservation');
  });

  it('compares emails without case or spaces, and phones by their digits without the US 1', () => {
    expect(emailKey('  Ada@Example.TEST ')).toBe('ada@example.test');
    expect(guestPhoneKey('+1 (347) 555-0100')).toBe('3475550100');
    expect(guestPhoneKey('347.555.0100')).toBe('3475550100');
    expect(guestPhoneKey('')).toBe('');
  });
});

describe('nextBatchSize', () => {
  it('scales toward holding the write lock 10 ms, at most doubling, within 10 and 1000 rows', () => {
    expect(nextBatchSize(100, 20)).toBe(50);
    expect(nextBatchSize(100, 5)).toBe(200);
    expect(nextBatchSize(100, 0)).toBe(200);
    expect(nextBatchSize(800, 2)).toBe(1000);
    expect(nextBatchSize(20, 500)).toBe(10);
  });
});
