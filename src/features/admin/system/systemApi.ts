/**
 * The System view's and the mail banner's server calls (issue 32 item 5): GET /api/staff/system
 * and /api/staff/mail-health are the Go server's (server/system), the job routes the hooks'
 * (hooks/lib/system-routes.ts). requestKey: null: a poll must never cancel a click's call.
 */
import { queryOptions } from '@tanstack/react-query';
import { pb } from '../../../lib/api/client';
import { MAIL_HEALTH_POLL_MS } from '../../../lib/rules/system';

export interface MailHealth {
  failing: boolean;
  /** when guests' mail began failing (server stamp), '' when it is not */
  since: string;
  /** the latest failure in words ("SMTP said 535: …") */
  error: string;
}

export interface Queue {
  waiting: number;
  failed: number;
  oldestWaiting: string;
  lastSent: string;
  lastError: string;
  lastErrorAt: string;
}

export interface FailedJob {
  id: string;
  kind: 'mail' | 'conversion';
  template: string;
  recipient: string;
  attempts: number;
  lastError: string;
  lastAttempt: string;
  nextAttempt: string;
  guest: string;
}

export interface LatestJob {
  template: string;
  status: 'pending' | 'sent' | 'failed' | 'skipped' | 'dropped';
  recipient: string;
  created: string;
  sentAt: string;
  lastError: string;
  text?: string;
}

export interface SystemReport {
  version: string;
  mail: Queue;
  health: MailHealth;
  meta: Queue;
  /** why conversions are not sent ('' when Meta's settings are set) */
  metaOff: string;
  failed: FailedJob[];
  testMail: LatestJob | null;
  alerts: { configured: boolean; last: LatestJob | null };
  backups: { where: string; count: number; last: string; lastName: string; lastSize: number; error: string };
  disk: { free: number; total: number };
  checkedAt: string;
}

export const systemApi = {
  report: () => pb.send<SystemReport>('/api/staff/system', { requestKey: null }),
  health: () => pb.send<MailHealth>('/api/staff/mail-health', { requestKey: null }),
  retry: (id: string) => pb.send<{ summary: string }>(`/api/staff/outbox/${encodeURIComponent(id)}/retry`, { method: 'POST', requestKey: null }),
  drop: (id: string) => pb.send<{ summary: string }>(`/api/staff/outbox/${encodeURIComponent(id)}/drop`, { method: 'POST', requestKey: null }),
  testMail: () => pb.send<{ recipient: string }>('/api/staff/system/test-mail', { method: 'POST', requestKey: null }),
};

/** The banner's question, every MAIL_HEALTH_POLL_MS while the screen is visible (react-query pauses hidden tabs). */
export const mailHealthQuery = (online: boolean) =>
  queryOptions({
    queryKey: ['staff', 'mail-health'] as const,
    queryFn: systemApi.health,
    enabled: online,
    refetchInterval: MAIL_HEALTH_POLL_MS,
    staleTime: MAIL_HEALTH_POLL_MS / 2,
    meta: { failure: 'mail health: the check failed' },
  });

/** A test mail or a retried job is on its way: look again soon, then at the banner's pace. */
const SOON_MS = 2_000;

export const systemQuery = () =>
  queryOptions({
    queryKey: ['staff', 'system'] as const,
    queryFn: systemApi.report,
    refetchInterval: (query) => (query.state.data?.testMail?.status === 'pending' ? SOON_MS : MAIL_HEALTH_POLL_MS),
    meta: { failure: 'The system’s health could not be loaded', toast: 'first' },
  });
