import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';
import { Button } from '../../components/Button';
import { SubmitRow } from '../../components/form';
import { QueuedPanel } from '../../components/QueuedPanel';
import { BACKUP_MESSAGES } from '../../lib/rules/backups';
import { isRestoring, QueuedResetButton, useOnlineStatus, useQueuedSubmission } from '../outbox/live';
import type { ReservationDetails } from './thankYouData';
import { saveReservationDetails } from './thankYouData';
import styles from './forms.module.css';

interface Props {
  outboxId: string;
  details: ReservationDetails;
  thankYouHref: string;
  partySize?: number;
  onReset: () => void;
  headingLevel?: 3 | 4;
}

/**
 * Shown in place of a form whose reservation was saved on this device (offline or the server
 * unreachable). It follows the outbox entry live: saved → sent, or → not accepted (with the
 * server's reason). It never claims the reservation is confirmed before the server says so.
 */
export function QueuedReservation({ outboxId, details, thankYouHref, partySize, onReset, headingLevel = 3 }: Props) {
  const { view, reason, entry } = useQueuedSubmission(outboxId);
  const [, navigate] = useLocation();
  const online = useOnlineStatus();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const Heading = `h${headingLevel}` as const;

  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  const people = partySize ? ` · ${partySize} ${partySize === 1 ? 'person' : 'people'}` : '';

  return (
    <QueuedPanel data-state={view} data-testid="queued-reservation" aria-live="polite" data-no-celebration>
      <Heading ref={headingRef} tabIndex={-1}>
        {view === 'saved' ? 'Saved on this device' : view === 'sent' ? 'Sent! Your spot is reserved' : 'This reservation was not accepted'}
      </Heading>
      <ul className={styles.summary}>
        <li>{details.eventName}</li>
        <li>
          {details.eventDate}
          {details.eventTime ? ` at ${details.eventTime}` : ''}
          {people}
        </li>
      </ul>
      {view === 'saved' ? (
        <p>
          {!online
            ? "You're offline, so your reservation is saved on this device. It will be sent automatically when your connection returns."
            : isRestoring(entry)
              ? BACKUP_MESSAGES.restoring
              : entry?.lastStatus === 429
                ? "Our booking system is busy right now, so your reservation is saved on this device and will be retried automatically in a moment."
                : "We couldn't reach our booking system just now, so your reservation is saved on this device. We'll keep trying and send it automatically."}{' '}
          It is not confirmed until it's sent: you'll get a confirmation email at {details.email} once it goes through.
        </p>
      ) : view === 'sent' ? (
        <p>It went through. A confirmation email is on its way to {details.email}.</p>
      ) : (
        // The server's reason already says what to do ("… Please choose another night."): one sentence, not two.
        <p>{reason || 'Our booking system turned this reservation down. Please choose another night or time.'}</p>
      )}
      <SubmitRow>
        {view === 'sent' ? (
          <Button
            variant="primary"
            onClick={() => {
              saveReservationDetails(details);
              navigate(thankYouHref, { state: details });
            }}
          >
            View your reservation
          </Button>
        ) : null}
        <QueuedResetButton view={view} outboxId={outboxId} hasEntry={Boolean(entry)} onReset={onReset} />
      </SubmitRow>
    </QueuedPanel>
  );
}
