/**
 * Startup configuration from the environment (DESIGN.md §6; hooks/lib/bootstrap.ts): SMTP and the
 * sender from SMTP_* and MAIL_FROM, in memory only (the outbox claims of a process that died are
 * released by the Go outbox at serve start).
 */
onBootstrap((e) => require(`${__hooks}/lib/backend.js`).bootstrap(e));

// The security headers for every response are set in Go (server/headers.go): a JS middleware
// would hold a pooled VM for the whole of every request.
