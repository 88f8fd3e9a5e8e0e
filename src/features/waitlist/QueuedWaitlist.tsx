import { useEffect, useRef, useState } from 'react';
import { SubmitRow } from '../../components/form';
import { QueuedPanel } from '../../components/QueuedPanel';
import { BACKUP_MESSAGES } from '../../lib/rules/backups';
import { WAITLIST_MESSAGES } from '../../lib/rules/waitlist';
import { formatNight } from '../../lib/venueTime';
import { isRestoring, QueuedResetButton, useOnlineStatus, useQueuedSubmission } from '../outbox/live';
import { placeInLine } from './useWaitlist';

interface Props {
  /** The outbox entry's id, which is also the waitlist entry's. */
  outboxId: string;
  /** The night, yyyy-MM-dd. */
  date: string;
  onReset: () => void;
}

/**
 * In place of the form when the waitlist entry was saved on this device (offline, or the server
 * unreachable). It follows the outbox entry live, as the reservation's panel does
 * (useQueuedSubmission): saved → on the waitlist, with the place in line once it is read, or → not
 * added, with the server's reason. It never says "will be sent" once it was sent.
 */
export default function QueuedWaitlist({ outboxId, date, onReset }: Props) {
  const { view, reason, entry } = useQueuedSubmission(outboxId);
  const online = useOnlineStatus();
  const night = formatNight(date);
  const [position, setPosition] = useState<number | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => headingRef.current?.focus(), []);
  useEffect(() => {
    if (view !== 'sent') return;
    let live = true;
    void placeInLine(outboxId).then((p) => live && setPosition(p));
    return () => {
      live = false;
    };
  }, [view, outboxId]);

  const heading = view === 'saved' ? 'Saved on this device' : view === 'sent' ? "You're on the waitlist" : 'Not added to the waitlist';
  const message =
    view === 'saved'
      ? !online
        ? WAITLIST_MESSAGES.joinQueued(night)
        : isRestoring(entry)
          ? BACKUP_MESSAGES.restoring
          : WAITLIST_MESSAGES.joinRetrying(night)
      : view === 'sent'
        ? position
          ? WAITLIST_MESSAGES.joined(night, position)
          : WAITLIST_MESSAGES.joinedNoPosition(night)
        : reason || WAITLIST_MESSAGES.joinRefused;

  return (
    <QueuedPanel data-state={view} data-testid="waitlist-joined" aria-live="polite" data-no-celebration>
      <h3 ref={headingRef} tabIndex={-1}>
        {heading}
      </h3>
      <p>{message}</p>
      <SubmitRow>
        <QueuedResetButton view={view} outboxId={outboxId} hasEntry={Boolean(entry)} onReset={onReset} />
      </SubmitRow>
    </QueuedPanel>
  );
}
