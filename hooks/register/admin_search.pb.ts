/**
 * Guest search for staff (issue 11; hooks/lib/guest-search.ts):
 *   GET /api/admin/reservations/search?q=  → { items: [reservation…] }  admins only (403 otherwise);
 *       `at=<ISO instant>` (superusers only) searches as of that instant, for tests
 *   GET /api/admin/reservations/search/plan?q=  → { plan: [step…] }  superusers only: SQLite's
 *       query plan, so a test can check the search reads the index and never scans reservations
 */
routerAdd('GET', '/api/admin/reservations/search', (e) => require(`${__hooks}/lib/backend.js`).searchRoute(e));

routerAdd('GET', '/api/admin/reservations/search/plan', (e) => require(`${__hooks}/lib/backend.js`).searchPlanRoute(e));
