/**
 * The owner's hands on the outbox (hooks/lib/system-routes.ts): retry or drop a failed job, send
 * a test mail. (GET /api/staff/system and /api/staff/mail-health are Go's: server/system.)
 */
routerAdd('POST', '/api/staff/outbox/{id}/retry', (e) => require(`${__hooks}/lib/backend.js`).retryJob(e));

routerAdd('POST', '/api/staff/outbox/{id}/drop', (e) => require(`${__hooks}/lib/backend.js`).dropJob(e));

routerAdd('POST', '/api/staff/system/test-mail', (e) => require(`${__hooks}/lib/backend.js`).testMail(e));
