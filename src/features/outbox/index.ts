/** The offline outbox: the one way the site's public forms send submissions (DESIGN.md §4). */
export {
  submitThroughOutbox,
  startOutbox,
  flushOutbox,
  dismissRejected,
  onOutboxEvent,
  isOnline,
  newOutboxId,
  type SubmitOutcome,
  type SubmitOptions,
  type FlushResult,
  type OutboxEvent,
} from './outbox';
export { PendingSubmissionsIndicator } from './PendingSubmissionsIndicator';
export { useOutboxPending, useOutboxEntries, useOutboxEntry, useOnlineStatus } from './hooks';
export type { OutboxEntry } from './db';
export { setOutboxTransport, type Transport, type TransportResult } from './transport';
export { OutboxStatus, startOutboxLazily } from './runtime';
