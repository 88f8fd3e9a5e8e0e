/** The staff tablet's local copy and change queue (issue 25). See README "Staff tablet offline". */
export { useStaffSync, hasCopyFor, syncNow } from './engine';
export { recordChange, resendChange, dropChange, flushChanges, type NewChange } from './queue';
export { useCapacityRows, useCopyFilled, useEvents, useNightReservations, useNightWaitlist, useOfflineSince, usePriorities, useQueue, useTasks } from './hooks';
export { frameState, syncStatusText, type FrameState } from './statusText';
export { wipeStaffCopy } from './wipe';
export { isNoAnswer } from './contact';
export { forgetServerRecord, storeServerRecord } from './store';
export { syncWindow, WINDOW_NIGHTS } from './syncWindow';
export type { Shown } from './overlay';
export type { StoredChange, WaitlistRow } from './types';
