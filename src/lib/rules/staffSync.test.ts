import { describe, expect, it } from 'vitest';
import { MESSAGES } from './limits';
import { readChange, sameValue, settleFields, SYNC_MESSAGES, validatePriorityFields, validateReservationFields, validateTaskFields, validateWaitlistFields, validateWalkIn } from './staffSync';
import { MANAGE_MESSAGES } from './waitlist';

const ID = 'abcdefghijk0123';

describe('the overlap rule', () => {
  it('applies a field whose server value is the base, skips one already so, and lists one changed since', () => {
    const server = { status: 'arrived', party_size: 4, event_time: '7:30 PM' };
    const out = settleFields(server, { status: 'confirmed', party_size: 2, event_time: '7:30 PM' }, { status: 'arrived', party_size: 6, event_time: '8:00 PM' }, false);
    expect(out.apply).toEqual({ event_time: '8:00 PM' });
    expect(out.conflicts).toEqual([{ field: 'party_size', yours: 6, theirs: 4 }]);
  });
  it('applies the overlapping fields too when forced, and names a field sent without its base', () => {
    expect(settleFields({ party_size: 4 }, { party_size: 2 }, { party_size: 6 }, true)).toEqual({ apply: { party_size: 6 }, conflicts: [], missingBase: [] });
    expect(settleFields({ party_size: 4 }, {}, { party_size: 6 }, false).missingBase).toEqual(['party_size']);
  });
  it('counts null, undefined and empty text as one empty value, and nothing else as equal', () => {
    expect(sameValue(null, '')).toBe(true);
    expect(sameValue(undefined, null)).toBe(true);
    expect(sameValue(0, '')).toBe(false);
    expect(sameValue('1', 1)).toBe(false);
  });
});

describe('a change as sent', () => {
  const ok = { id: ID, collection: 'tasks', op: 'update', record_id: ID, fields: {}, base: {}, force: false, made_at: '2026-11-26T21:42:05.000Z' };
  it('reads a well-formed change and fills the optional parts', () => {
    expect(readChange({ ...ok, base: undefined, force: undefined })).toEqual({ change: { ...ok, base: {}, force: false } });
  });
  it('names the first field that breaks the contract', () => {
    expect(readChange({ ...ok, id: 'short' })).toEqual({ field: 'id' });
    expect(readChange({ ...ok, collection: 'outbox' })).toEqual({ field: 'collection' });
    expect(readChange({ ...ok, op: 'upsert' })).toEqual({ field: 'op' });
    expect(readChange({ ...ok, fields: [] })).toEqual({ field: 'fields' });
    expect(readChange({ ...ok, force: 'yes' })).toEqual({ field: 'force' });
    expect(readChange('nope')).toEqual({ field: 'id' });
  });
});

describe('the fields of each change', () => {
  it('refuses wrong types and unknown fields by name, never coercing', () => {
    expect(validateReservationFields({ party_size: '6' }, true)).toEqual({ party_size: MESSAGES.numberExpected });
    expect(validateReservationFields({ event_time: '7:45 PM', status: 'gone', email: 'x' }, true)).toEqual({
      event_time: MESSAGES.timeNotSlot,
      status: SYNC_MESSAGES.statusInvalid,
      email: SYNC_MESSAGES.notEditable,
    });
    expect(validateReservationFields({ party_size: 2 }, false)).toEqual({ party_size: MANAGE_MESSAGES.partySizeFixed });
    expect(validateTaskFields({ is_completed: 1, order_index: 1.5, category: 'nope' }, false)).toEqual({
      is_completed: SYNC_MESSAGES.booleanExpected,
      order_index: SYNC_MESSAGES.wholeNumber,
      category: SYNC_MESSAGES.categoryInvalid,
    });
    expect(validateTaskFields({ category: 'finance' }, true)).toEqual({ title: MESSAGES.taskTitleRequired });
    expect(validateTaskFields({ title: 'x'.repeat(301), description: null }, false)).toEqual({ title: SYNC_MESSAGES.tooLong(300) });
    expect(validatePriorityFields({ priority_text: '  ', priority_date: '2026-13-01' }, true)).toEqual({
      priority_text: SYNC_MESSAGES.priorityRequired,
      priority_date: MESSAGES.dateInvalid,
    });
    expect(validateWaitlistFields({ status: 'left' })).toEqual({});
    expect(validateWaitlistFields({ status: 'waiting' })).toEqual({ status: SYNC_MESSAGES.waitlistLeaveOnly });
  });
  it('takes a walk-in for tonight with an empty email, and names what is missing', () => {
    const tonight = '2026-11-26';
    const walkIn = { name: 'Walk In', email: '', phone: '', party_size: 2, event_date: tonight, event_time: '9:00 PM' };
    expect(validateWalkIn(walkIn, tonight)).toEqual({});
    // issue 33: a C1 control (NEL) or a line separator in the name is refused like a NUL.
    for (const name of ['Walk\u0085In', 'Walk\u2028In']) expect(validateWalkIn({ ...walkIn, name }, tonight)).toEqual({ name: MESSAGES.controlCharacters });
    expect(validateWalkIn({ ...walkIn, event_date: '2026-11-27', email: 'nope' }, tonight)).toEqual({ event_date: SYNC_MESSAGES.walkInTonight, email: MESSAGES.emailInvalid });
    expect(validateWalkIn({}, tonight)).toEqual({
      name: MESSAGES.nameRequired,
      party_size: MESSAGES.partySizeMin,
      event_date: SYNC_MESSAGES.walkInTonight,
      event_time: MESSAGES.timeRequired,
    });
  });
});
