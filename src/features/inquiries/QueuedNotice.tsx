import { useEffect, useRef, useState } from 'react';
import { Button } from '../../components/Button';
import { BACKUP_MESSAGES } from '../../lib/rules/backups';
import { QueuedPanel } from '../../components/QueuedPanel';
import { flushOutbox, isOnline, useSendNow } from '../outbox';
import styles from './forms.module.css';

interface Props {
  /** 'inquiry', 'application' */
  what: string;
  /** The server refused it because a backup is being restored: say so (it is sent again by itself). */
  restoring?: boolean;
  onEdit: () => void;
}

/**
 * Shown in place of a form whose submission is saved on this device: offline, or refused while
 * the venue's server restores a backup. It says plainly that nothing has been sent yet, why, and
 * when it will be.
 */
export function QueuedNotice({ what, restoring = false, onEdit }: Props) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [online, setOnline] = useState(isOnline);
  const { sending: trying, sendNow } = useSendNow(flushOutbox);

  useEffect(() => {
    headingRef.current?.focus();
    const update = () => setOnline(isOnline());
    update();
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    return () => {
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
    };
  }, []);

  return (
    <QueuedPanel data-testid="queued-notice" data-no-celebration>
      <h3 ref={headingRef} tabIndex={-1} className={styles.queuedTitle}>
        <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
          <path fill="currentColor" d="M12 2a10 10 0 1 1 0 20 10 10 0 0 1 0-20Zm-1 5v6l5 3 .9-1.6-3.9-2.3V7h-2Z" />
        </svg>
        Saved on this device
      </h3>
      <p role="status">
        {online && restoring
          ? BACKUP_MESSAGES.restoring
          : online
          ? `You're back online: sending your ${what} now…`
          : `You're offline, so your ${what} hasn't been sent yet. It's saved on this device and will be sent automatically when your connection returns. Keep this page open, or come back to the site later.`}
      </p>
      <div className={styles.queuedActions}>
        <Button type="button" onClick={sendNow} disabled={trying}>
          {trying ? 'Trying...' : 'Try sending now'}
        </Button>
        <Button type="button" variant="ghost" onClick={onEdit}>
          Edit my {what}
        </Button>
      </div>
    </QueuedPanel>
  );
}
