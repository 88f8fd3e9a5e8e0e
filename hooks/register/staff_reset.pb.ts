/**
 * Staff accounts (issue 32): the password reset by mail (hooks/lib/staff-reset.ts, on PocketBase's
 * own request-password-reset / confirm-password-reset) and the owners' invitations
 * (hooks/lib/staff-invites.ts):
 *   POST   /api/admin/invites { email }                                → owners: invite by mail
 *   GET    /api/admin/invites                                          → owners: pending invitations
 *   DELETE /api/admin/invites/{id}                                     → owners: cancel one
 *   POST   /api/staff/invites/accept { token, password, passwordConfirm } → the link's holder
 */
onMailerRecordPasswordResetSend((e) => require(`${__hooks}/lib/backend.js`).queueResetMail(e), 'users');

onRecordConfirmPasswordResetRequest((e) => require(`${__hooks}/lib/backend.js`).recordPasswordReset(e), 'users');

routerAdd('POST', '/api/admin/invites', (e) => require(`${__hooks}/lib/backend.js`).inviteRoute(e));

routerAdd('GET', '/api/admin/invites', (e) => require(`${__hooks}/lib/backend.js`).listInvitesRoute(e));

routerAdd('DELETE', '/api/admin/invites/{id}', (e) => require(`${__hooks}/lib/backend.js`).cancelInviteRoute(e));

routerAdd('POST', '/api/staff/invites/accept', (e) => require(`${__hooks}/lib/backend.js`).acceptInviteRoute(e));
