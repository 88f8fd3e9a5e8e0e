import { useCallback, useEffect, useRef, useState } from 'react';
import { Logo } from '../../components/Logo';
import { venue } from '../../content/venue';
import { notify, preloadToasts } from '../../components/toast';
import { useOnlineStatus, useOutboxPending } from '../outbox/live';
import { KioskSession } from './KioskSession';
import { useSelfUpdate } from './useSelfUpdate';
import styles from './Kiosk.module.css';

/**
 * The walk-in reservation kiosk at the door (DESIGN.md §5): one guest at a time on a shared
 * tablet. Each guest gets a fresh session (a new React key), so nothing typed by the previous
 * guest survives a reset; their toasts are dismissed too. There is no way out of this screen
 * but closing the tab.
 */
export function Kiosk() {
  const [session, setSession] = useState(0);
  const { setBusy } = useSelfUpdate();
  const headingRef = useRef<HTMLHeadingElement>(null);

  const reset = useCallback(() => {
    notify.dismissAll();
    if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
    setSession((n) => n + 1);
  }, []);

  // The door tablet must show its messages even when the venue's Wi-Fi drops: load them now.
  useEffect(() => void preloadToasts().catch(() => undefined), []);

  // After a reset, start the next guest at the top (focus on the heading: no on-screen keyboard pops up).
  useEffect(() => {
    if (session === 0) return;
    window.scrollTo({ top: 0 });
    headingRef.current?.focus({ preventScroll: true });
  }, [session]);

  return (
    // One landmark for the whole screen: the site's header, footer and navigation are not here.
    <main id="main" className={styles.root} data-no-celebration data-testid="kiosk">
      <div className={styles.brand}>
        <span className={styles.logo}>
          <Logo />
        </span>
        <p className={styles.tagline}>Board games · video games · a full bar</p>
      </div>
      <div className={styles.main}>
        <KioskSession key={session} headingRef={headingRef} onFinished={reset} onBusyChange={setBusy} />
      </div>
      <KioskStatus />
    </main>
  );
}

/** House rules, and (for staff) whether reservations are waiting on this tablet to be sent. */
function KioskStatus() {
  const online = useOnlineStatus();
  const pending = useOutboxPending();
  return (
    <div className={styles.status}>
      <p>
        {venue.pricing.entry} · {venue.ageRule}
      </p>
      <p role="status" data-testid="kiosk-network" data-online={online} data-pending={pending}>
        {!online
          ? "Offline: reservations are saved on this tablet and sent when we're back online."
          : pending > 0
            ? `${pending} ${pending === 1 ? 'reservation' : 'reservations'} waiting to send`
            : ''}
      </p>
    </div>
  );
}
