/**
 * The outbox's live views (dexie-react-hooks over the stored entries): a second public entry of
 * the feature, apart from index.ts, because importing it loads Dexie. Use it from components that
 * only mount once something was queued (or on staff-only screens such as the kiosk).
 */
import { loadOutbox } from './loader';

export { useOutboxPending, useOutboxEntries, useOutboxEntry } from './hooks';
export { useOnlineStatus } from './online';
export { useQueuedSubmission, type QueuedView } from './useQueuedSubmission';
export { QueuedResetButton } from './QueuedResetButton';
export { isRestoring } from './restoring';

// Whoever watches the stored entries also wants them sent: start the flush loop with them.
void loadOutbox();
