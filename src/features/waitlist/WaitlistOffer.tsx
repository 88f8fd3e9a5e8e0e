import { Suspense, useEffect, useRef } from 'react';
import { Button } from '../../components/Button';
import { SubmitButton, SubmitRow, type SubmissionState } from '../../components/form';
import { QueuedPanel } from '../../components/QueuedPanel';
import { lazyWhenOnline } from '../../components/lazyWhenOnline';
import { WAITLIST_MESSAGES } from '../../lib/rules/waitlist';
import { formatNight } from '../../lib/venueTime';
import type { WaitlistOutcome } from './useWaitlist';
import styles from './waitlist.module.css';

interface OfferProps {
  date: string;
  /** The waitlist submission's state (useWaitlist's `submission.state`). */
  state: SubmissionState;
  /** Marks the submit as a waitlist entry (useWaitlist's `choose`). */
  onChoose: () => void;
  disabled?: boolean;
  /** 'lg': the kiosk's size. */
  size?: 'md' | 'lg';
  className?: string;
}

/**
 * The way onto the waitlist when the chosen night cannot fit the party: one line and a submit
 * button of the same form, so the same fields are checked and sent (see useWaitlist).
 */
export function WaitlistOffer({ date, state, onChoose, disabled, size = 'md', className }: OfferProps) {
  return (
    <div className={[styles.waitlist, className].filter(Boolean).join(' ')} data-size={size === 'md' ? undefined : size} data-testid="waitlist-offer">
      <p>No table for your party that night right now. Join the waitlist: if seats free up, we hold them for you and email you a link to claim them.</p>
      <SubmitButton state={state} onClick={onChoose} disabled={disabled} size={size} variant="secondary" block label={WAITLIST_MESSAGES.join(formatNight(date))} busyLabel="Joining..." queuedLabel="Saved on this device" />
    </div>
  );
}

// Shown only once an entry was saved on the device: its Dexie-backed view loads then (the form preloads it).
export const loadQueuedWaitlist = () => import('./QueuedWaitlist');
const QueuedWaitlist = lazyWhenOnline(loadQueuedWaitlist);

/** In place of the form once the guest is on the waitlist, or saved on the device (then followed live). */
export function WaitlistJoined({ outcome, onReset }: { outcome: WaitlistOutcome; onReset: () => void }) {
  if (outcome.kind === 'queued') {
    return (
      <Suspense fallback={<p role="status">{outcome.message}</p>}>
        <QueuedWaitlist outboxId={outcome.id} date={outcome.date} onReset={onReset} />
      </Suspense>
    );
  }
  return <WaitlistStored message={outcome.message} onReset={onReset} />;
}

function WaitlistStored({ message, onReset }: { message: string; onReset: () => void }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <QueuedPanel data-state="sent" data-testid="waitlist-joined" aria-live="polite" data-no-celebration>
      <h3 ref={headingRef} tabIndex={-1}>
        You're on the waitlist
      </h3>
      <p>{message}</p>
      <SubmitRow>
        <Button variant="secondary" onClick={onReset}>
          Make another reservation
        </Button>
      </SubmitRow>
    </QueuedPanel>
  );
}
