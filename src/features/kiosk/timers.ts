/**
 * The kiosk's clocks, as pure functions of timestamps (so a tick that arrives late, or a test
 * clock that jumps, still lands in the right phase), and the hooks that drive them.
 *
 * - Inactivity: a partly filled form with no touch for `idleMs` is cleared; for the last
 *   `warnMs` a "Still there?" prompt counts down. Any touch, key or input restarts the wait.
 * - Success: the confirmation screen clears itself after `durationMs`, counting down.
 */
import { useEffect, useRef, useState } from 'react';

export const KIOSK_TIMINGS = {
  /** No touch for this long on a partly filled form: the kiosk clears it. */
  idleMs: 60_000,
  /** The "Still there?" prompt shows for this long before clearing. */
  warnMs: 10_000,
  /** The success screen resets after this long. */
  successMs: 10_000,
} as const;

/** How often the hooks re-read the clock. */
const TICK_MS = 250;

export type IdlePhase = { phase: 'active' } | { phase: 'warning'; secondsLeft: number } | { phase: 'expired' };

export function idlePhase(lastActivity: number, now: number, idleMs: number, warnMs: number): IdlePhase {
  const left = lastActivity + idleMs - now;
  if (left <= 0) return { phase: 'expired' };
  if (left <= warnMs) return { phase: 'warning', secondsLeft: Math.ceil(left / 1000) };
  return { phase: 'active' };
}

/** Whole seconds left of a countdown (rounded up, never below 0). */
export function secondsLeft(startedAt: number, now: number, durationMs: number): number {
  return Math.max(0, Math.ceil((startedAt + durationMs - now) / 1000));
}

const ACTIVITY_EVENTS = ['pointerdown', 'keydown', 'input', 'wheel'] as const;

export interface IdleState {
  /** Seconds until the form is cleared while the prompt shows; null otherwise. */
  warningSecondsLeft: number | null;
  /** Counts as a touch (the prompt's "I'm still here" button). */
  stillHere: () => void;
}

/**
 * While `armed` (a partly filled form), calls `onExpire` once after `idleMs` without activity
 * anywhere in the document. Arming (again) starts a fresh wait.
 */
export function useIdleReset(armed: boolean, onExpire: () => void, idleMs: number = KIOSK_TIMINGS.idleMs, warnMs: number = KIOSK_TIMINGS.warnMs): IdleState {
  const lastActivity = useRef(0);
  const expire = useRef(onExpire);
  const [warning, setWarning] = useState<number | null>(null);
  // While the prompt shows, only the prompt itself (stillHere) ends it: a touch that closed it
  // on pointerdown would let the click land on whatever was under it.
  const warningShown = useRef(false);

  useEffect(() => {
    expire.current = onExpire;
  }, [onExpire]);

  useEffect(() => {
    warningShown.current = false;
    if (!armed) return;
    lastActivity.current = Date.now();
    let done = false;
    const check = () => {
      if (done) return;
      const state = idlePhase(lastActivity.current, Date.now(), idleMs, warnMs);
      if (state.phase === 'expired') {
        done = true;
        setWarning(null);
        expire.current();
      } else {
        warningShown.current = state.phase === 'warning';
        setWarning(state.phase === 'warning' ? state.secondsLeft : null);
      }
    };
    const touched = () => {
      if (!warningShown.current) lastActivity.current = Date.now();
    };
    for (const type of ACTIVITY_EVENTS) document.addEventListener(type, touched, { capture: true, passive: true });
    const timer = window.setInterval(check, TICK_MS);
    return () => {
      done = true;
      window.clearInterval(timer);
      warningShown.current = false;
      setWarning(null);
      for (const type of ACTIVITY_EVENTS) document.removeEventListener(type, touched, { capture: true });
    };
  }, [armed, idleMs, warnMs]);

  return {
    warningSecondsLeft: armed ? warning : null,
    stillHere: () => {
      lastActivity.current = Date.now();
      warningShown.current = false;
      setWarning(null);
    },
  };
}

/** Counts down from mount; calls `onDone` once at zero. Returns the whole seconds left. */
export function useCountdown(durationMs: number, onDone: () => void): number {
  const done = useRef(onDone);
  const [left, setLeft] = useState(() => Math.ceil(durationMs / 1000));

  useEffect(() => {
    done.current = onDone;
  }, [onDone]);

  useEffect(() => {
    const startedAt = Date.now();
    let finished = false;
    const timer = window.setInterval(() => {
      if (finished) return;
      const s = secondsLeft(startedAt, Date.now(), durationMs);
      setLeft(s);
      if (s === 0) {
        finished = true;
        window.clearInterval(timer);
        done.current();
      }
    }, TICK_MS);
    return () => {
      finished = true;
      window.clearInterval(timer);
    };
  }, [durationMs]);

  return left;
}

/** The current time, re-read every `everyMs` (slots pass while the kiosk stands at the door). */
export function useNow(everyMs = 15_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), everyMs);
    return () => window.clearInterval(timer);
  }, [everyMs]);
  return now;
}
