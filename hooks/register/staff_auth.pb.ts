/**
 * Two-factor staff sign-in and sign-out everywhere (issue 11); see hooks/lib/staff-auth.ts.
 *   POST /api/admin/sign-out-everywhere { email }  → admins: end every session of that account
 */
onMailerRecordOTPSend((e) => require(`${__hooks}/lib/backend.js`).queueCodeMail(e), 'users');

onRecordRequestOTPRequest((e) => require(`${__hooks}/lib/backend.js`).beforeCodeRequest(e), 'users');

// A realtime connection keeps the auth it subscribed with; a role change (even from the console
// command, another process) renews the token key, so a message for a stale session is dropped.
onRealtimeMessageSend((e) => require(`${__hooks}/lib/backend.js`).dropForEndedSession(e));

routerAdd('POST', '/api/admin/sign-out-everywhere', (e) => require(`${__hooks}/lib/backend.js`).signOutEverywhere(e));
