import { useEffect, type RefObject } from 'react';
import { Icon } from '../../components/Icon';
import { BACKUP_MESSAGES } from '../../lib/rules/backups';
import { KIOSK_TIMINGS, useCountdown } from './timers';
import styles from './Kiosk.module.css';

export interface Booked {
  firstName: string;
  time: string;
  partySize: number;
  /** Saved on this device (offline or the server unreachable), not sent yet. */
  queued: boolean;
  /** Refused because the venue's server is restoring a backup (it is sent by itself in seconds). */
  restoring?: boolean;
  /** On the waitlist rather than booked: what the guest reads (their place in line, or saved on the device). */
  waitlist?: string;
}

/**
 * The guest's confirmation. It resets the kiosk by itself after a short countdown, or at once
 * with "Done". Only the first name, the time and the party size are shown: the next guest in
 * line can see the screen. Offline it never claims the table is confirmed.
 */
export function KioskDone({ booked, headingRef, onDone }: { booked: Booked; headingRef: RefObject<HTMLHeadingElement | null>; onDone: () => void }) {
  const secondsLeft = useCountdown(KIOSK_TIMINGS.successMs, onDone);
  const total = Math.ceil(KIOSK_TIMINGS.successMs / 1000);

  useEffect(() => {
    headingRef.current?.focus({ preventScroll: true });
  }, [headingRef]);

  const who = `${booked.partySize} ${booked.partySize === 1 ? 'person' : 'people'}`;
  return (
    <section className={styles.done} data-testid="kiosk-done" data-state={booked.queued ? 'queued' : 'sent'} aria-labelledby="kiosk-done-title">
      <div className={styles.doneMark} aria-hidden="true">
        <Icon name={booked.queued || booked.waitlist ? 'clock' : 'check'} size={56} />
      </div>
      <h1 id="kiosk-done-title" ref={headingRef} tabIndex={-1} className={styles.title}>
        {booked.queued || booked.waitlist ? `Thanks, ${booked.firstName}!` : `You're all set, ${booked.firstName}!`}
      </h1>
      <p className={styles.doneSummary} data-testid="kiosk-done-summary">
        Tonight at <strong>{booked.time}</strong> · <strong>{who}</strong>
      </p>
      {booked.waitlist ? (
        <p className={styles.doneNote} role="status" data-testid="kiosk-waitlist">
          {booked.waitlist}
        </p>
      ) : booked.queued ? (
        <p className={styles.doneNote} role="status">
          {booked.restoring ? BACKUP_MESSAGES.restoring : "Saved on this device — it'll be sent as soon as we're back online."} Your confirmation email follows once it's sent.
        </p>
      ) : (
        <p className={styles.doneNote}>Your confirmation email with a link to cancel is on its way. Head on in and enjoy the games!</p>
      )}
      <div className={styles.doneActions}>
        <button type="button" className={styles.bigButton} onClick={onDone}>
          Done
        </button>
        <p className={styles.countdown} data-testid="kiosk-countdown">
          This screen resets in <span className={styles.countdownNumber}>{secondsLeft}</span> {secondsLeft === 1 ? 'second' : 'seconds'}
        </p>
        <div className={styles.countdownBar} aria-hidden="true">
          <span style={{ width: `${(secondsLeft / total) * 100}%` }} />
        </div>
      </div>
    </section>
  );
}
