import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../lib/rules/limits';
import { currentSlot, editChange, editProblems, walkInChange, walkInProblems } from './tonightChanges';

const TONIGHT = '2026-11-26';
const walkIn = { name: 'Walk In', email: '', phone: '', party_size: 3, event_time: '9:00 PM' };

describe("tonight's list changes", () => {
  it('checks a walk-in with the shared rules, naming the field', () => {
    expect(walkInProblems(walkIn, TONIGHT)).toEqual({});
    expect(walkInProblems({ ...walkIn, name: ' ', party_size: 21, email: 'nope' }, TONIGHT)).toEqual({ name: MESSAGES.nameRequired, party_size: MESSAGES.partySizeMax, email: MESSAGES.emailInvalid });
    expect(walkInProblems({ ...walkIn, party_size: 2.5 }, TONIGHT)).toEqual({ party_size: MESSAGES.partySizeWhole });
  });

  it('makes a walk-in a create with a fresh 15-character id and the contract’s fields only', () => {
    const change = walkInChange(walkIn, '2026-11-26');
    expect(change.record_id).toMatch(/^[a-z0-9]{15}$/);
    expect(change.fields).toEqual({ name: 'Walk In', email: '', phone: '', party_size: 3, event_date: '2026-11-26', event_time: '9:00 PM' });
    expect(change.preview).toMatchObject({ status: 'arrived', source: 'kiosk', event_name: 'Board Game Night' });
    expect(walkInChange(walkIn, '2026-11-26').record_id).not.toBe(change.record_id);
  });

  it('sends only the changed fields of an edit, with the values staff saw', () => {
    const r = { id: 'r1', name: 'Ada', party_size: 2, event_time: '7:00 PM' };
    expect(editChange(r, { party_size: 2, event_time: '7:00 PM' })).toBeNull();
    expect(editChange(r, { party_size: 4, event_time: '7:00 PM' })).toMatchObject({ fields: { party_size: 4 }, base: { party_size: 2 }, label: 'Ada · party of 4' });
    expect(editChange(r, { party_size: 2, event_time: '8:00 PM' })).toMatchObject({ fields: { event_time: '8:00 PM' }, base: { event_time: '7:00 PM' } });
    expect(editProblems({ party_size: 0, event_time: '' })).toEqual({ party_size: MESSAGES.partySizeMin, event_time: MESSAGES.timeRequired });
  });

  it('takes only the night’s time slots, as the server does, and gives a walk-in the slot it arrives in', () => {
    expect(walkInProblems({ ...walkIn, event_time: '11:31 PM' }, TONIGHT)).toEqual({ event_time: MESSAGES.timeNotSlot });
    expect(editProblems({ party_size: 2, event_time: '9:15 PM' })).toEqual({ event_time: MESSAGES.timeNotSlot });
    // Venue clock (New York, UTC-5 in November).
    expect(currentSlot(new Date('2026-11-27T02:14:00Z'))).toBe('9:00 PM');
    expect(currentSlot(new Date('2026-11-27T04:31:00Z'))).toBe('11:30 PM');
    expect(currentSlot(new Date('2026-11-27T06:10:00Z'))).toBe('11:30 PM');
    expect(currentSlot(new Date('2026-11-26T20:00:00Z'))).toBe('6:00 PM');
  });
});
