import { useEffect, useRef, type ReactNode, type RefObject } from 'react';
import { Button } from '../../components/Button';
import { useToastsAtBottom } from '../../components/toast';
import { applyUpdate } from '../../lib/serviceWorkerUpdate';
import { useUpdateReady } from '../../lib/useUpdateReady';
import { venue } from '../../content/venue';
import { useOnlineStatus } from '../outbox';
import { useLiveStatus, type LiveState } from './live';
import { frameState, syncStatusText, useOfflineSince, useQueue } from './sync';
import { MailHealthBanner } from './system';
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
  const shell = useRef<HTMLDivElement>(null);
  const bar = useRef<HTMLElement>(null);
  useBarHeight(shell, bar);
  useToastsAtBottom();
  return (
    // Staff tap all evening: the site's click celebration stays on the public pages.
    <div ref={shell} className={styles.shell} data-no-celebration>
      <header ref={bar} className={styles.bar}>
        <div className={styles.barInner}>
          <p className={styles.venue}>
            <span className={styles.venueName}>{venue.name}</span> <span className={styles.staff}>Staff</span>
          </p>
          {nav ? <div className={styles.nav}>{nav}</div> : null}
          <div className={styles.account}>
            {live ? <LiveIndicator /> : null}
            {live ? <UpdateButton /> : null}
            {account}
          </div>
        </div>
        {live ? <OutageBanner /> : null}
        {live ? <MailHealthBanner /> : null}
      </header>
      <main id="main" tabIndex={-1} className={styles.main}>
        {children}
      </main>
    </div>
  );
}

/**
 * The frame's height as --staff-bar-height on the shell: what sticks under the frame (tonight's
 * search bar) sits right below it, however the frame wraps. Read from the observer's own entry
 * (it reports once at the start too), and set only when it changed: reading offsetHeight forced a
 * layout of the whole list as the dashboard opened, and each set restyles everything under the
 * shell (door bench, 120 parties, 4x throttled: about 100 ms of the open).
 */
function useBarHeight(shell: RefObject<HTMLDivElement | null>, bar: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const root = shell.current;
    const el = bar.current;
    if (!root || !el || typeof ResizeObserver === 'undefined') return;
    let shown = '';
    const set = (entries: ResizeObserverEntry[]) => {
      const box = entries.at(-1)?.borderBoxSize?.[0];
      const height = `${Math.round(box ? box.blockSize : el.getBoundingClientRect().height)}px`;
      if (height === shown) return;
      shown = height;
      root.style.setProperty('--staff-bar-height', height);
    };
    const observer = new ResizeObserver(set);
    observer.observe(el);
    return () => observer.disconnect();
  }, [shell, bar]);
}

/**
 * The connection and the queue, e.g. "Offline since 9:42 PM · 3 changes waiting" (the time the
 * tablet went offline or last heard from the server, on the venue's clock) or "Live".
 */
/** Where the tablet stands: the connection's state and the changes waiting to be sent. */
function useFrame() {
  const { offlineSince, lastContact } = useOfflineSince();
  const state = frameState(useLiveStatus(useOnlineStatus()), offlineSince);
  const { waiting } = useQueue();
  return { state, waiting, text: syncStatusText({ state, offlineSince: offlineSince ?? lastContact, waiting }) };
}

function LiveIndicator() {
  const { state, waiting, text } = useFrame();
  return (
    <p className={styles.live} role="status" data-testid="live-status" data-state={state} data-waiting={waiting} title={LIVE_HINTS[state]}>
      <span className={styles.dot} aria-hidden="true" />
      {/* Offline, the banner under the frame carries the whole line: the frame keeps one word. */}
      <span data-testid="sync-state" className={state === 'offline' ? 'visually-hidden' : undefined}>
        {text}
      </span>
      {state === 'offline' ? <span aria-hidden="true">Offline</span> : null}
      <span className="visually-hidden">. {LIVE_HINTS[state]}</span>
    </p>
  );
}

/**
 * An outage is a banner across the frame, not grey text: what still works and what waits. The
 * status line above already announces it, so the banner itself is not a live region.
 */
function OutageBanner() {
  const { state, text } = useFrame();
  if (state !== 'offline') return null;
  return (
    <div className={styles.outage} data-testid="outage-banner">
      <strong>{text}.</strong> {LIVE_HINTS.offline}
    </div>
  );
}

/** A new version is ready: offered here, in the header, never over the list; staff tap it between parties. */
function UpdateButton() {
  if (!useUpdateReady()) return null;
  return (
    <Button size="sm" variant="secondary" className={styles.update} onClick={() => void applyUpdate()} title="A new version of the staff app is ready: it reloads this screen. Changes waiting on this tablet are kept.">
      Update app
    </Button>
  );
}
