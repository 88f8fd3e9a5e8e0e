import { useEffect, useRef, useState } from 'react';

/**
 * A destructive action on a tablet asks for a second tap: the first arms it (the button then
 * reads "Tap again to delete"), a second within `ms` runs it, and after `ms` it disarms itself
 * so a stray tap later cannot delete. Used by tasks and priorities alike.
 */
export function useTapTwice(action: () => void, ms = 4000): [armed: boolean, tap: () => void] {
  const [armed, setArmed] = useState(false);
  const timer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  function tap() {
    window.clearTimeout(timer.current);
    if (armed) {
      setArmed(false);
      action();
      return;
    }
    setArmed(true);
    timer.current = window.setTimeout(() => setArmed(false), ms);
  }

  return [armed, tap];
}
