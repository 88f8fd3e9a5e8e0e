import { useEffect, useState } from 'react';
import { HOST_STAND } from '../../../lib/rules/hostStand';

/** The time now (ms), ticking every HOST_STAND.clockTickMs: late marks and time since seated follow it. */
export function useNow(tickMs: number = HOST_STAND.clockTickMs): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), tickMs);
    return () => window.clearInterval(timer);
  }, [tickMs]);
  return now;
}
