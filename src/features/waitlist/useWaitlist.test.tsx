/**
 * The waitlist is offered after a refused reservation by the refusal's code (issue 26), never by
 * its words: the spec's words without the code offer nothing, and the code with other words does.
 */
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../lib/rules/limits';
import { formatNight } from '../../lib/venueTime';
import { isCapacityRefusal, useWaitlist } from './useWaitlist';

const date = '2026-12-05';
const full = MESSAGES.nightFull(formatNight(date));
const fewSeats = MESSAGES.notEnoughSeats(formatNight(date), 2);

describe('isCapacityRefusal', () => {
  it('is true for the capacity codes, whatever the words', () => {
    expect(isCapacityRefusal({ code: 'night_full' })).toBe(true);
    expect(isCapacityRefusal({ code: 'not_enough_seats' })).toBe(true);
  });

  it('is false for the capacity words without the code, or with another code', () => {
    expect(isCapacityRefusal({})).toBe(false);
    expect(isCapacityRefusal({ code: undefined })).toBe(false);
    expect(isCapacityRefusal({ code: 'date_in_past' })).toBe(false);
    expect(isCapacityRefusal({ code: 'validation_invalid_value' })).toBe(false);
  });
});

describe('useWaitlist after a refused reservation', () => {
  const refused = (code: string | undefined, fieldErrors: Record<string, string>) => ({ kind: 'refused' as const, message: Object.values(fieldErrors)[0] ?? '', fieldErrors, code });

  it('offers the line for the night and party a capacity code refused', () => {
    const { result } = renderHook(() => useWaitlist('web'));
    expect(result.current.offered(date, 3, undefined)).toBe(false);
    act(() => result.current.noteRefusal(refused('night_full', { event_date: 'Some other words entirely' }), date, 3));
    expect(result.current.offered(date, 3, undefined)).toBe(true);
    // only for that night and party
    expect(result.current.offered(date, 2, undefined)).toBe(false);
    expect(result.current.offered('2026-12-06', 3, undefined)).toBe(false);
  });

  it('offers nothing for the capacity words without a capacity code', () => {
    const { result } = renderHook(() => useWaitlist('kiosk'));
    act(() => result.current.noteRefusal(refused(undefined, { event_date: full }), date, 3));
    expect(result.current.offered(date, 3, undefined)).toBe(false);
    act(() => result.current.noteRefusal(refused('date_in_past', { party_size: fewSeats }), date, 3));
    expect(result.current.offered(date, 3, undefined)).toBe(false);
    // the second refusal of the same night, with its code, offers it
    act(() => result.current.noteRefusal(refused('not_enough_seats', { party_size: fewSeats }), date, 3));
    expect(result.current.offered(date, 3, undefined)).toBe(true);
  });
});
