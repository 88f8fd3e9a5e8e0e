/**
 * Whether Meta's Conversions API is configured, asked by a public create before it queues a
 * conversion job (unconfigured: the job is queued already skipped). The sends themselves, SMTP
 * and Meta, are the Go outbox's (server/outbox/transports.go).
 */
import * as Env from './env';

/** Why conversion events are not sent ('' when Meta's Conversions API is configured). */
export function conversionSkipReason(): string {
  if (Env.env('META_PIXEL_ID') && Env.env('META_ACCESS_TOKEN')) return '';
  return 'Meta Conversions API is not configured (set META_PIXEL_ID and META_ACCESS_TOKEN)';
}
