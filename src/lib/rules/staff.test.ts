import { describe, expect, it } from 'vitest';
import { eventSchemaFor } from './staffSchemas';
import { MESSAGES } from './limits';
import { EVENT_MESSAGES, INBOX_MESSAGES, toEventRecord, validateEventRecord, validateInboxUpdate } from './staff';

const special = { kind: 'special', title: 'Drawing Class', date: '2030-01-05', time: '7:30pm', price: '', description: '', open_tables: false, sort_order: 0, active: true };

describe('events editor rules', () => {
  it('accepts a special event and a weekly entry', () => {
    expect(validateEventRecord(special)).toEqual({});
    expect(validateEventRecord({ ...special, kind: 'weekly', date: '', weekday: 7 })).toEqual({});
  });

  it('asks a special event for its date and a weekly entry for its weekday', () => {
    expect(validateEventRecord({ ...special, date: '' })).toEqual({ date: EVENT_MESSAGES.dateRequired });
    expect(validateEventRecord({ ...special, kind: 'weekly', weekday: 8 })).toEqual({ weekday: EVENT_MESSAGES.weekdayRequired });
    expect(validateEventRecord({ ...special, kind: 'weekly', weekday: '2' })).toEqual({ weekday: EVENT_MESSAGES.weekdayRequired });
  });

  it('refuses wrong types instead of coercing them', () => {
    expect(validateEventRecord({ ...special, title: 5, price: ['$5'], open_tables: 'yes', sort_order: 1.5 })).toEqual({
      title: MESSAGES.textExpected,
      price: MESSAGES.textExpected,
      open_tables: EVENT_MESSAGES.flagInvalid,
      sort_order: EVENT_MESSAGES.sortOrderInvalid,
    });
    expect(validateEventRecord({ ...special, title: ' ', time: '' })).toEqual({ title: EVENT_MESSAGES.titleRequired, time: MESSAGES.timeRequired });
  });

  it('stores a special event without weekday and a weekly entry without date, trimmed', () => {
    expect(toEventRecord({ ...special, title: ' Drawing Class ', weekday: 3 })).toMatchObject({ title: 'Drawing Class', weekday: 0, date: '2030-01-05' });
    expect(toEventRecord({ ...special, kind: 'weekly', weekday: 3 })).toMatchObject({ date: '', weekday: 3 });
  });

  it('refuses a special event dated before the venue night, unless an edit keeps its stored date', () => {
    const asOf = { today: '2030-01-05' };
    expect(validateEventRecord(special, asOf)).toEqual({});
    expect(validateEventRecord({ ...special, date: '2030-01-04' }, asOf)).toEqual({ date: EVENT_MESSAGES.datePast });
    expect(validateEventRecord({ ...special, date: '2030-01-04' }, { ...asOf, storedDate: '2030-01-04' })).toEqual({});
    expect(validateEventRecord({ ...special, date: '2030-01-03' }, { ...asOf, storedDate: '2030-01-04' })).toEqual({ date: EVENT_MESSAGES.datePast });
    // A weekly entry has no date to pass.
    expect(validateEventRecord({ ...special, kind: 'weekly', date: '2020-01-01', weekday: 2 }, asOf)).toEqual({});
  });

  it('refuses a negative price, in any spelling, but not a range or a hyphenated word', () => {
    for (const price of ['-$5', '-5', '$-5', ' - $5', '\u22125', 'Free / -$5', 'Members -$2']) {
      expect(validateEventRecord({ ...special, price }), price).toEqual({ price: EVENT_MESSAGES.priceNegative });
    }
    for (const price of ['', 'Free', '$10', '$25 at the door', '$5-$10', '$5 - $10', '5-10', '$10 before 6pm-8pm', 'Pay-what-you-can']) {
      expect(validateEventRecord({ ...special, price }), price).toEqual({});
    }
  });

  it("the form's schema answers with the server's messages", () => {
    const eventSchema = eventSchemaFor({ today: '2030-01-01' });
    expect(eventSchema.safeParse({ ...special, date: '2029-12-31', price: '-$5' }).error?.issues.map((i) => [i.path[0], i.message])).toEqual([
      ['date', EVENT_MESSAGES.datePast],
      ['price', EVENT_MESSAGES.priceNegative],
    ]);
    const parsed = eventSchema.safeParse({ ...special, date: 'next week' });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => [i.path[0], i.message])).toEqual([['date', EVENT_MESSAGES.dateRequired]]);
    expect(eventSchema.parse({ ...special, title: ' X ' }).title).toBe('X');
  });
});

describe('inbox rules', () => {
  it('allows the four statuses and a multi-line note', () => {
    expect(validateInboxUpdate({ status: 'declined', note: 'Too big\nfor the room' })).toEqual({});
    expect(validateInboxUpdate({ status: 'archived' })).toEqual({ status: INBOX_MESSAGES.statusInvalid });
    expect(validateInboxUpdate({ note: 'x'.repeat(2001) })).toEqual({ note: INBOX_MESSAGES.noteTooLong });
    expect(validateInboxUpdate({ note: false })).toEqual({ note: MESSAGES.textExpected });
  });
});
