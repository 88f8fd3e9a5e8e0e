/// <reference path="../pb_data/types.d.ts" />
/**
 * Two-factor staff sign-in and sign-out everywhere (issue 11); see lib/staff-auth.js.
 *   POST /api/admin/sign-out-everywhere { email }  → admins: end every session of that account
 */

onMailerRecordOTPSend((e) => {
  require(`${__hooks}/lib/staff-auth.js`).queueCodeMail(e);
}, 'users');

onRecordRequestOTPRequest((e) => {
  return require(`${__hooks}/lib/staff-auth.js`).beforeCodeRequest(e);
}, 'users');

// A realtime connection keeps the auth it subscribed with; a role change (even from the console
// command, another process) renews the token key, so a message for a stale session is dropped.
onRealtimeMessageSend((e) => {
  return require(`${__hooks}/lib/staff-auth.js`).dropForEndedSession(e);
});

routerAdd('POST', '/api/admin/sign-out-everywhere', (e) => {
  const isAdmin = require(`${__hooks}/lib/reservationStats.js`).isAdmin;
  e.response.header().set('Cache-Control', 'no-store');
  return require(`${__hooks}/lib/staff-auth.js`).signOutEverywhere(e, isAdmin);
});
