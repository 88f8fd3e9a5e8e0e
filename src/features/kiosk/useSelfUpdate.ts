import { useCallback, useEffect, useRef } from 'react';
import { applyUpdate, checkForUpdate, isUpdateWaiting } from '../../lib/serviceWorkerUpdate';

/** How often the door tablet looks for a deploy, and how often it checks whether it may apply one. */
export const KIOSK_UPDATE_TIMINGS = { checkMs: 5 * 60_000, applyPollMs: 5_000 } as const;

/**
 * The door kiosk updates itself: nobody there taps an update prompt. It looks for a new version
 * every few minutes, and applies a waiting one only while no guest is using it (an untouched form,
 * or right after a reset), never in the middle of someone's booking. Submissions queued offline
 * are in IndexedDB and are sent after the reload, once (their ids are fixed).
 */
export function useSelfUpdate(): { setBusy: (busy: boolean) => void } {
  const busy = useRef(false);
  useEffect(() => {
    const check = window.setInterval(() => void checkForUpdate(), KIOSK_UPDATE_TIMINGS.checkMs);
    const apply = window.setInterval(() => {
      if (busy.current) return;
      void isUpdateWaiting().then((waiting) => {
        if (waiting && !busy.current) void applyUpdate();
      });
    }, KIOSK_UPDATE_TIMINGS.applyPollMs);
    return () => {
      window.clearInterval(check);
      window.clearInterval(apply);
    };
  }, []);
  const setBusy = useCallback((value: boolean) => {
    busy.current = value;
  }, []);
  return { setBusy };
}
