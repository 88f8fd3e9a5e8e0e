import { describe, expect, it } from 'vitest';
import { eventSchema } from './staffSchemas';
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

  it("the form's schema answers with the server's messages", () => {
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
