/**
 * Who did what (issue 32 item 4; hooks/lib/activity-log.ts). This file loads first (pb_hooks
 * runs its files in name order), so these handlers run before the collections' own guards
 * (records.pb.ts, …) and wrap them in the transaction the activity row shares with the write.
 * The tablet's queued changes log themselves (server/staffchanges.go), sign-out everywhere too
 * (lib/staff-auth.ts).
 */
// The collections whose staff writes are logged: ACTIVITY_COLLECTIONS of src/lib/rules/activity.ts
// (a stub does not read the bundle at its top level; src/lib/rules/activity.test.ts keeps the two equal).
const LOGGED = [
  'reservations',
  'waitlist',
  'events',
  'capacity',
  'tasks',
  'priorities',
  'private_event_inquiries',
  'influencer_applications',
  'pass_confirmations',
];

onRecordCreateRequest((e) => require(`${__hooks}/lib/backend.js`).staffRecordWrite(e, 'create'), ...LOGGED);

onRecordUpdateRequest((e) => require(`${__hooks}/lib/backend.js`).staffRecordWrite(e, 'update'), ...LOGGED);

onRecordDeleteRequest((e) => require(`${__hooks}/lib/backend.js`).staffRecordWrite(e, 'delete'), ...LOGGED);

/** A staff sign-in that got its token (both factors). */
onRecordAuthRequest((e) => require(`${__hooks}/lib/backend.js`).signInLogged(e), 'users');
