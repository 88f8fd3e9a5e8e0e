/**
 * The reservation forms' rules, checked against SPEC.md §5 (the shared schemas the server's
 * validators mirror; see src/lib/rules/parity.test.ts for the parity itself).
 */
import { describe, expect, it } from 'vitest';
import { MESSAGES, TIME_SLOTS } from '../../lib/rules/limits';
import { makeBoardGameReservationSchema, makeEventReservationSchema } from '../../lib/rules/schemas';

const TODAY = '2026-11-22';
const board = makeBoardGameReservationSchema(() => TODAY);
const event = makeEventReservationSchema(() => TODAY);

const validBoard = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  phone: '',
  party_size: 4,
  event_date: '2026-12-05',
  event_time: '7:30 PM',
};
const validEvent = {
  name: 'Grace Hopper',
  email: 'grace@example.com',
  event_name: 'Magic Commander Night',
  event_date: '2026-11-25',
  event_time: '6pm',
};

/** The first failing message, as the toast shows it. */
function first(schema: typeof board | typeof event, input: Record<string, unknown>): string {
  const result = schema.safeParse(input);
  return result.success ? '' : (result.error.issues[0]?.message ?? '');
}

describe('board game night form (SPEC §5, toast "Invalid Input")', () => {
  it('accepts a valid reservation and trims text', () => {
    const parsed = board.parse({ ...validBoard, name: '  Ada Lovelace  ', email: ' ada@example.com ' });
    expect(parsed).toMatchObject({ name: 'Ada Lovelace', email: 'ada@example.com', party_size: 4 });
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['name: empty after trimming', { name: '   ' }, MESSAGES.nameRequired],
    ['name: 1 character is fine', { name: 'A' }, ''],
    ['name: 100 characters is fine', { name: 'N'.repeat(100) }, ''],
    ['name: 101 characters', { name: 'N'.repeat(101) }, MESSAGES.nameTooLong],
    ['email: not an email', { email: 'not-an-email' }, MESSAGES.emailInvalid],
    ['email: empty', { email: '' }, MESSAGES.emailInvalid],
    ['email: 255 characters is fine', { email: `${'a'.repeat(243)}@example.com` }, ''],
    ['email: 256 characters', { email: `${'a'.repeat(244)}@example.com` }, MESSAGES.emailTooLong],
    ['party: 0', { party_size: 0 }, MESSAGES.partySizeMin],
    ['party: 1 is fine', { party_size: 1 }, ''],
    ['party: 20 is fine', { party_size: 20 }, ''],
    ['party: 21', { party_size: 21 }, MESSAGES.partySizeMax],
    ['party: not a number', { party_size: Number.NaN }, MESSAGES.partySizeMin],
    ['date: not yyyy-MM-dd', { event_date: '12/05/2026' }, MESSAGES.dateInvalid],
    ['date: not a real day', { event_date: '2026-02-30' }, MESSAGES.dateInvalid],
    ['date: today is fine', { event_date: TODAY }, ''],
    ['date: before today', { event_date: '2026-11-21' }, MESSAGES.dateInPast],
    ['time: empty', { event_time: '  ' }, MESSAGES.timeRequired],
    ['time: 51 characters', { event_time: 'x'.repeat(51) }, MESSAGES.timeTooLong],
    ['time: not one of the slots', { event_time: '5:00 PM' }, MESSAGES.timeNotSlot],
  ])('%s', (_label, change, message) => {
    expect(first(board, { ...validBoard, ...change })).toBe(message);
  });

  it('reports the first failing rule in form order', () => {
    expect(first(board, { ...validBoard, name: '', email: 'bad', party_size: 0 })).toBe(MESSAGES.nameRequired);
    expect(first(board, { ...validBoard, email: 'bad', party_size: 0 })).toBe(MESSAGES.emailInvalid);
  });

  it('offers the 12 half-hour slots from 6:00 PM to 11:30 PM, all accepted', () => {
    expect(TIME_SLOTS).toHaveLength(12);
    expect(TIME_SLOTS[0]).toBe('6:00 PM');
    expect(TIME_SLOTS[11]).toBe('11:30 PM');
    for (const slot of TIME_SLOTS) expect(first(board, { ...validBoard, event_time: slot })).toBe('');
  });
});

describe('event reservation form (SPEC §5, toast "Validation Error")', () => {
  it('accepts a valid reservation', () => {
    expect(event.safeParse(validEvent).success).toBe(true);
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['name: empty after trimming', { name: ' ' }, MESSAGES.nameRequired],
    ['name: 101 characters', { name: 'N'.repeat(101) }, MESSAGES.nameTooLong],
    ['email: invalid', { email: 'grace@localhost' }, MESSAGES.emailInvalid],
    ['email: 256 characters', { email: `${'a'.repeat(244)}@example.com` }, MESSAGES.emailTooLong],
    ['date: missing', { event_date: '' }, MESSAGES.dateRequired],
    ['date: before today', { event_date: '2026-11-01' }, MESSAGES.dateInPast],
    ['time: free text like 6:45pm is fine', { event_time: '6:45pm' }, ''],
  ])('%s', (_label, change, message) => {
    expect(first(event, { ...validEvent, ...change })).toBe(message);
  });
});
