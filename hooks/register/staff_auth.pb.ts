/**
 * Two-factor staff sign-in and sign-out everywhere (issue 11); see hooks/lib/staff-auth.ts.
 *   POST /api/admin/sign-out-everywhere { email }  → admins: end every session of that account
 */
onMailerRecordOTPSend((e) => require(`${__hooks}/lib/backend.js`).queueCodeMail(e), 'users');

onRecordRequestOTPRequest((e) => require(`${__hooks}/lib/backend.js`).beforeCodeRequest(e), 'users');

// A realtime message for a session a role change ended is dropped in Go (server/realtimeauth.go):
// a JS hook there took a VM for every message to every connection.

routerAdd('POST', '/api/admin/sign-out-everywhere', (e) => require(`${__hooks}/lib/backend.js`).signOutEverywhere(e));
