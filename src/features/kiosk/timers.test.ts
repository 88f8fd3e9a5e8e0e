import { act, fireEvent, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { idlePhase, KIOSK_TIMINGS, secondsLeft, useCountdown, useIdleReset } from './timers';

const { idleMs, warnMs } = KIOSK_TIMINGS;

// The hooks' tests run on fake timers; the pure functions' tests do not notice them.
beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('idlePhase', () => {
  it('is active until the last 10 s, then warns with whole seconds left, then expires at 60 s', () => {
    const t0 = 1_000_000;
    expect(idlePhase(t0, t0, idleMs, warnMs)).toEqual({ phase: 'active' });
    expect(idlePhase(t0, t0 + 49_999, idleMs, warnMs)).toEqual({ phase: 'active' });
    expect(idlePhase(t0, t0 + 50_000, idleMs, warnMs)).toEqual({ phase: 'warning', secondsLeft: 10 });
    expect(idlePhase(t0, t0 + 55_500, idleMs, warnMs)).toEqual({ phase: 'warning', secondsLeft: 5 });
    expect(idlePhase(t0, t0 + 59_999, idleMs, warnMs)).toEqual({ phase: 'warning', secondsLeft: 1 });
    expect(idlePhase(t0, t0 + 60_000, idleMs, warnMs)).toEqual({ phase: 'expired' });
    // A late tick (a sleeping tablet) lands straight in the right phase.
    expect(idlePhase(t0, t0 + 10 * 60_000, idleMs, warnMs)).toEqual({ phase: 'expired' });
  });
});

describe('secondsLeft', () => {
  it('rounds up and never goes below zero', () => {
    expect(secondsLeft(0, 0, 10_000)).toBe(10);
    expect(secondsLeft(0, 1, 10_000)).toBe(10);
    expect(secondsLeft(0, 9_001, 10_000)).toBe(1);
    expect(secondsLeft(0, 10_000, 10_000)).toBe(0);
    expect(secondsLeft(0, 99_000, 10_000)).toBe(0);
  });
});

describe('useIdleReset', () => {
  it('does nothing while the form is untouched (not armed)', () => {
    const onExpire = vi.fn();
    const { result } = renderHook(() => useIdleReset(false, onExpire));
    act(() => vi.advanceTimersByTime(5 * 60_000));
    expect(onExpire).not.toHaveBeenCalled();
    expect(result.current.warningSecondsLeft).toBeNull();
  });

  it('warns 10 s before and clears after 60 s without a touch, once', () => {
    const onExpire = vi.fn();
    const { result } = renderHook(() => useIdleReset(true, onExpire));
    act(() => vi.advanceTimersByTime(49_000));
    expect(result.current.warningSecondsLeft).toBeNull();
    act(() => vi.advanceTimersByTime(1_500));
    expect(result.current.warningSecondsLeft).toBe(10);
    act(() => vi.advanceTimersByTime(5_000));
    expect(result.current.warningSecondsLeft).toBe(5);
    expect(onExpire).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(5_000));
    expect(onExpire).toHaveBeenCalledTimes(1);
    act(() => vi.advanceTimersByTime(120_000));
    expect(onExpire).toHaveBeenCalledTimes(1);
  });

  it('a touch or a key restarts the wait', () => {
    const onExpire = vi.fn();
    renderHook(() => useIdleReset(true, onExpire));
    act(() => vi.advanceTimersByTime(45_000));
    fireEvent.pointerDown(document.body);
    act(() => vi.advanceTimersByTime(45_000));
    fireEvent.keyDown(document.body, { key: 'a' });
    act(() => vi.advanceTimersByTime(45_000));
    expect(onExpire).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(15_000));
    expect(onExpire).toHaveBeenCalledTimes(1);
  });

  it('once the prompt shows, only "still here" keeps the form (a stray touch does not dismiss it)', () => {
    const onExpire = vi.fn();
    const { result } = renderHook(() => useIdleReset(true, onExpire));
    act(() => vi.advanceTimersByTime(52_000));
    expect(result.current.warningSecondsLeft).toBe(8);
    fireEvent.pointerDown(document.body);
    act(() => vi.advanceTimersByTime(1_000));
    expect(result.current.warningSecondsLeft).toBe(7);
    act(() => result.current.stillHere());
    expect(result.current.warningSecondsLeft).toBeNull();
    act(() => vi.advanceTimersByTime(49_000));
    expect(result.current.warningSecondsLeft).toBeNull();
    expect(onExpire).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(11_000));
    expect(onExpire).toHaveBeenCalledTimes(1);
  });

  it('disarming (submitted, or the form emptied) stops the clock and hides the prompt', () => {
    const onExpire = vi.fn();
    const { result, rerender } = renderHook(({ armed }) => useIdleReset(armed, onExpire), { initialProps: { armed: true } });
    act(() => vi.advanceTimersByTime(55_000));
    expect(result.current.warningSecondsLeft).toBe(5);
    rerender({ armed: false });
    expect(result.current.warningSecondsLeft).toBeNull();
    act(() => vi.advanceTimersByTime(120_000));
    expect(onExpire).not.toHaveBeenCalled();
    // Armed again: a fresh 60 s.
    rerender({ armed: true });
    act(() => vi.advanceTimersByTime(59_000));
    expect(onExpire).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1_000));
    expect(onExpire).toHaveBeenCalledTimes(1);
  });
});

describe('useCountdown', () => {
  it('counts 10 → 0 and calls onDone once', () => {
    const onDone = vi.fn();
    const { result } = renderHook(() => useCountdown(10_000, onDone));
    expect(result.current).toBe(10);
    act(() => vi.advanceTimersByTime(3_000));
    expect(result.current).toBe(7);
    expect(onDone).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(7_000));
    expect(result.current).toBe(0);
    expect(onDone).toHaveBeenCalledTimes(1);
    act(() => vi.advanceTimersByTime(30_000));
    expect(onDone).toHaveBeenCalledTimes(1);
  });
});
