/// <reference path="../pb_data/types.d.ts" />
/**
 * Hidden events stay hidden (issue 24): an event staff hid (`active = false`) was listed, viewed
 * and sent over realtime to anyone, because `events` was readable by everyone (rules ""). Now
 * guests (anonymous or signed-up) read active events only, and staff read everything, with the
 * admin rule the collection is written with (its create rule), so the editor still lists hidden
 * events and follows them live. The public pages already ask for `active = true` only; a shown
 * event that staff hide leaves guests' open pages through pb_hooks/lib/staff-records.js
 * (announceHidden), since realtime no longer tells them of that change.
 */
migrate(
  (app) => {
    const events = app.findCollectionByNameOrId('events');
    const staff = events.createRule;
    const rule = staff ? `active = true || (${staff})` : 'active = true';
    events.listRule = rule;
    events.viewRule = rule;
    app.save(events);
  },
  (app) => {
    const events = app.findCollectionByNameOrId('events');
    events.listRule = '';
    events.viewRule = '';
    app.save(events);
  },
);
