/**
 * The one bundle PocketBase's goja VM loads (pb_hooks/lib/backend.js, built by
 * scripts/build-rules.mjs): every entry point a registration stub (hooks/register/*.pb.ts) calls,
 * by name. A stub's `require(`${__hooks}/lib/backend.js`).name` is typed against this module
 * (hooks/bindings.d.ts), so a renamed or missing entry point fails `npm run typecheck`.
 *
 * Top-level code here must not touch PocketBase's globals: server/bodies.go also runs this bundle
 * in a bare VM at start-up to read the request-body rules below.
 */

// Read by server/bodies.go at start-up (the body limit, its messages, the public collections).
export { REQUEST_LIMITS, REQUEST_MESSAGES, PUBLIC_CREATE_COLLECTIONS } from './rules';
// Read by server/backupwords.go at start-up (the restore's 503 and the owner's restore routes).
export { BACKUP_MESSAGES } from './rules';
// Read by server/backupwords.go when a restore's note waits (its activity row's kind and line).
export { RESTORE_KIND, restoreSummary } from './rules';

export { bootstrap } from './lib/bootstrap';
export { adminGrant, retentionRun } from './lib/commands';
export { retentionCron, retentionRoute } from './lib/retention';
export { previewRoute as guestPreviewRoute, exportRoute as guestExportRoute, forgetRoute as guestForgetRoute } from './lib/guest-data';
export { availability, guardReservationUpdate, keepServerFields } from './lib/reservation-routes';
export { guardOutboxUpdate } from './lib/outbox';
export { guardEventWrite, guardInboxUpdate, announceHidden } from './lib/staff-records';
export { searchRoute, searchPlanRoute } from './lib/guest-search';
export { statsRoute, exportRoute } from './lib/reservation-stats';
export { queueCodeMail, beforeCodeRequest, signOutEverywhere } from './lib/staff-auth';
export { queueResetMail, recordPasswordReset } from './lib/staff-reset';
export { inviteRoute, listInvitesRoute, cancelInviteRoute, acceptInviteRoute } from './lib/staff-invites';
export { listAccounts, changeRole, removeAccount, endAccountDevice, nameDevice, signOutDevice } from './lib/staff-accounts';
export { STAFF_ACCOUNT_MESSAGES, SESSION_ENDED_CODE } from './rules';
export { tombstoneOnDelete, prune } from './lib/sync-records';
export { staffRecordWrite, signInLogged } from './lib/activity-log';
export { retryJob, dropJob, testMail } from './lib/system-routes';
