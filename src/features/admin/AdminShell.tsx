import type { ReactNode } from 'react';
import { venue } from '../../content/venue';
import { useOnlineStatus } from '../outbox';
import { useLiveStatus, type LiveState } from './live';
import { frameState, syncStatusText, useOfflineSince, useQueue } from './sync';
import styles from './AdminShell.module.css';

const LIVE_HINTS: Record<LiveState, string> = {
  live: 'Changes from the site, the kiosk and other tablets appear here as they happen.',
  connecting: 'Reconnecting: the lists reload once the connection is back.',
  offline: 'This tablet is offline: the lists show the copy last synced to it, and changes made here are sent when the connection is back.',
};

/**
 * The staff area's own frame (a staff app, not a page of the public site): the venue's name, the
 * views and the signed-in account passed in by the screen, the live-connection and offline
 * state, and the page in a main landmark. No public header, footer or site navigation, so one
 * tap never leaves the staff area. `live` shows the connection state (signed-in screens only).
 */
export function AdminShell({ nav, account, live = false, children }: { nav?: ReactNode; account?: ReactNode; live?: boolean; children: ReactNode }) {
  return (
    // Staff tap all evening: the site's click celebration stays on the public pages.
    <div className={styles.shell} data-no-celebration>
      <header className={styles.bar}>
        <div className={styles.barInner}>
          <p className={styles.venue}>
            {venue.name} <span className={styles.staff}>Staff</span>
          </p>
          {nav ? <div className={styles.nav}>{nav}</div> : null}
          <div className={styles.account}>
            {live ? <LiveIndicator /> : null}
            {account}
          </div>
        </div>
      </header>
      <main id="main" tabIndex={-1} className={styles.main}>
        {children}
      </main>
    </div>
  );
}

/**
 * The connection and the queue, e.g. "Offline since 9:42 PM · 3 changes waiting" (the time the
 * tablet went offline or last heard from the server, on the venue's clock) or "Live".
 */
function LiveIndicator() {
  const { offlineSince, lastContact } = useOfflineSince();
  const state = frameState(useLiveStatus(useOnlineStatus()), offlineSince);
  const { waiting } = useQueue();
  return (
    <p className={styles.live} role="status" data-testid="live-status" data-state={state} data-waiting={waiting} title={LIVE_HINTS[state]}>
      <span className={styles.dot} aria-hidden="true" />
      <span data-testid="sync-state">{syncStatusText({ state, offlineSince: offlineSince ?? lastContact, waiting })}</span>
      <span className="visually-hidden">. {LIVE_HINTS[state]}</span>
    </p>
  );
}
