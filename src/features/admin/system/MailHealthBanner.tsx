import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { useOnlineStatus } from '../../outbox';
import { DASHBOARD_PATH } from '../data/sessionQuery';
import { ownerQuery } from '../data/ownerQuery';
import { staffQueryClient } from '../data/queryClient';
import { currentUser } from '../session';
import { whenText } from './format';
import { mailHealthQuery } from './systemApi';
import styles from './System.module.css';

/**
 * Across every staff screen while guests' mail is failing (a guest mail's last attempt failed and
 * none has gone out since): what is wrong, in words, and for the owner the way to the System
 * view. Asked every 30 s while online and visible, so it shows within a minute of the failure and
 * goes once mail goes out again. The alert is announced when it appears, not at every poll: the
 * same words re-rendered are no new content.
 */
export function MailHealthBanner() {
  const online = useOnlineStatus();
  // The staff client itself, not the provider's: the frame also stands outside the dashboard's provider.
  const health = useQuery(mailHealthQuery(online), staffQueryClient).data;
  const userId = currentUser()?.id ?? '';
  const owner = useQuery({ ...ownerQuery(userId), enabled: !!health?.failing && !!userId }, staffQueryClient).data === true;
  if (!health?.failing) return null;
  return (
    <div className={styles.banner} role="alert" data-testid="mail-banner">
      <p className={styles.bannerText}>
        <strong>Guests aren’t getting their emails</strong>
        {health.since ? ` (since ${whenText(health.since)})` : ''}: {health.error}. Bookings are saved; their confirmations wait and are retried.
        {owner ? '' : ' Tell the owner.'}
      </p>
      {owner ? (
        <Link href={`${DASHBOARD_PATH}?view=system`} className={styles.bannerLink}>
          Open System
        </Link>
      ) : null}
    </div>
  );
}
