/**
 * The Staff view (issue 32 items 1–2; hooks/lib/staff-accounts.ts, hooks/lib/devices.ts):
 *   GET    /api/staff/accounts                              → admins: the accounts they may see
 *   POST   /api/staff/accounts/{id}/roles { role, grant }   → owners: grant or revoke admin/owner
 *   DELETE /api/staff/accounts/{id}                         → owners: remove the account (history stays)
 *   POST   /api/staff/accounts/{id}/devices/{device}/end    → owners: end that device's session
 *   PUT    /api/staff/accounts/this-device { name }         → admins: name the tablet they are on
 *   POST   /api/staff/accounts/this-device/sign-out         → admins: sign out on this tablet (its session ends)
 * Sessions are bound to devices by server/staffsession.go. Answers are never cached.
 */
routerAdd('GET', '/api/staff/accounts', (e) => require(`${__hooks}/lib/backend.js`).listAccounts(e));

routerAdd('PUT', '/api/staff/accounts/this-device', (e) => require(`${__hooks}/lib/backend.js`).nameDevice(e));

routerAdd('POST', '/api/staff/accounts/this-device/sign-out', (e) => require(`${__hooks}/lib/backend.js`).signOutDevice(e));

routerAdd('POST', '/api/staff/accounts/{id}/roles', (e) => require(`${__hooks}/lib/backend.js`).changeRole(e));

routerAdd('DELETE', '/api/staff/accounts/{id}', (e) => require(`${__hooks}/lib/backend.js`).removeAccount(e));

routerAdd('POST', '/api/staff/accounts/{id}/devices/{device}/end', (e) => require(`${__hooks}/lib/backend.js`).endAccountDevice(e));
