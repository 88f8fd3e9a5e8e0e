/// <reference path="../pb_data/types.d.ts" />
/* global __migrations -- the migrations folder's absolute path, bound by server/main.go */
/**
 * Seed data: the special events and weekly schedule of SPEC.md §3 (prices from §9, our own
 * short descriptions) and the default nightly capacity for board game night.
 *
 * The spec's special events are all in 2024–2025, so the calendar would be empty "today"
 * (late 2026). We add a few future special events in the same spirit (the monthly Dungeons
 * and Drafts, holiday game nights, a drawing class) for December 2026 to March 2027; staff
 * edit, add or deactivate events in the dashboard.
 *
 * Default capacity: 40 guests a night (DEFAULT_NIGHTLY_CAPACITY in src/lib/rules/limits.ts).
 * The room holds about 60 (the private-event maximum); reserving 40 keeps a third of it for
 * walk-ins and the weekly event players. Staff change the 'default' row or add a row per date.
 */
const DEFAULT_NIGHTLY_CAPACITY = 40;

migrate(
  (app) => {
    // The events are in pb_migrations/seed/events.json (specials 0–9 are SPEC §3's, 10–17 ours):
    // the prerenderer reads the same file for the weekly schedule it builds into /meetups-groups
    // (scripts/prerender.mjs), so the site builds without a server. `__migrations` is this folder's
    // absolute path (server/main.go binds it); the loader skips subfolders. Read here, not at the
    // top, so a database that already ran this migration never needs the file.
    const seedEvents = require(`${__migrations}/seed/events.json`);
    const events = app.findCollectionByNameOrId('events');
    // In the file's order, as before: the specials, then the weekly schedule.
    seedEvents.forEach((event) => {
      const r = new Record(events);
      r.load(Object.assign({}, event, { active: true }));
      app.save(r);
    });

    const capacity = app.findCollectionByNameOrId('capacity');
    const c = new Record(capacity);
    c.load({ date: 'default', seats: DEFAULT_NIGHTLY_CAPACITY, note: 'Board game night guests per night unless a date has its own row.' });
    app.save(c);
  },
  (app) => {
    app.db().newQuery('DELETE FROM events').execute();
    app.db().newQuery("DELETE FROM capacity WHERE date = 'default'").execute();
  },
);
