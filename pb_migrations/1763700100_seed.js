/// <reference path="../pb_data/types.d.ts" />
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

const SPECIAL = [
  // SPEC §3
  ['2024-10-28', 'Evening Drawing Class', '7:30pm', 'A relaxed, guided drawing session for every skill level. Paper and pencils provided; drinks encouraged.'],
  ['2024-10-30', 'Halloween Gayme Night', '7:30pm', 'A queer-friendly Halloween game night with spooky party games and costumes welcome.'],
  ['2024-10-31', 'Halloween Game Night Costume Party', '7pm-11pm', 'Come in costume for Halloween games, themed drinks and a costume contest.'],
  ['2024-11-14', 'Comedy Special Screening', '10pm', 'A late-night screening of a stand-up special on the big screen.'],
  ['2024-11-22', 'Dungeons and Drafts', '1pm', 'An afternoon of tabletop role-playing with a game master and a pint. Beginners welcome.'],
  ['2024-11-22', 'Burlesque Show', '10pm', 'A late-night burlesque show in the comedy club. 21+ only.'],
  ['2024-12-20', 'Dungeons and Drafts', '1pm', 'An afternoon of tabletop role-playing with a game master and a pint. Beginners welcome.'],
  ['2025-01-24', 'Dungeons and Drafts', '1pm', 'An afternoon of tabletop role-playing with a game master and a pint. Beginners welcome.'],
  ['2025-02-21', 'Dungeons and Drafts', '1pm', 'An afternoon of tabletop role-playing with a game master and a pint. Beginners welcome.'],
  ['2025-03-22', 'Dungeons and Drafts', '1pm', 'An afternoon of tabletop role-playing with a game master and a pint. Beginners welcome.'],
  // Ours: future events so the calendar has something ahead (see the note above).
  ['2026-12-17', 'Ugly Sweater Holiday Game Night', '7pm', 'Wear your worst holiday sweater for festive party games and seasonal drinks.'],
  ['2026-12-19', 'Dungeons and Drafts', '1pm', 'An afternoon of tabletop role-playing with a game master and a pint. Beginners welcome.'],
  ['2026-12-31', "New Year's Eve Game Night", '8pm', 'Ring in the new year over party games, with a countdown on the big screen.'],
  ['2027-01-14', 'Evening Drawing Class', '7:30pm', 'A relaxed, guided drawing session for every skill level. Paper and pencils provided; drinks encouraged.'],
  ['2027-01-23', 'Dungeons and Drafts', '1pm', 'An afternoon of tabletop role-playing with a game master and a pint. Beginners welcome.'],
  ['2027-02-12', "Valentine's Game Night", '7pm', 'Two-player games, cooperative classics and a cocktail for two. Singles and friends welcome too.'],
  ['2027-02-20', 'Dungeons and Drafts', '1pm', 'An afternoon of tabletop role-playing with a game master and a pint. Beginners welcome.'],
  ['2027-03-20', 'Dungeons and Drafts', '1pm', 'An afternoon of tabletop role-playing with a game master and a pint. Beginners welcome.'],
];

// [weekday 1=Mon..7=Sun, title, time, price, open_tables, description]
const WEEKLY = [
  [1, 'Magic Monday Night Draft', '6pm', '$25 at the door', false, 'Draft a fresh Magic: The Gathering set and play it out with the community.'],
  [1, 'Open tables', '6pm-10:30pm', '', true, 'Grab a table and any of our 500+ board games.'],
  [2, 'Pokemon TCG', '6:45pm', '', false, 'Pokemon Trading Card Game night: bring your deck or learn to play.'],
  [2, 'Open tables', '6pm-10:30pm', '', true, 'Grab a table and any of our 500+ board games.'],
  [3, 'Magic Commander Night', '6pm', '$10 at the door', false, 'Casual Commander pods for every power level.'],
  [3, 'Open tables', '6pm-10:30pm', '', true, 'Grab a table and any of our 500+ board games.'],
  [4, 'Star Wars Unlimited', '6:45pm', '', false, 'Play the Star Wars: Unlimited card game with local players.'],
  [4, 'Terrible Art Night', '7pm', '', false, 'Make gloriously bad art with friends. Supplies provided; talent optional.'],
  [4, 'Open tables', '6pm-11pm', '', true, 'Grab a table and any of our 500+ board games.'],
  [5, 'Open tables', '6pm-12am', '', true, 'Grab a table and any of our 500+ board games.'],
  [6, 'Open tables', '6pm-12am', '', true, 'Grab a table and any of our 500+ board games.'],
  [7, 'Brooklyn/Queens Boardgamers', '6pm', '', false, 'A friendly meetup of Brooklyn and Queens board gamers. New faces welcome.'],
  [7, 'Open tables', '6pm-10:30pm', '', true, 'Grab a table and any of our 500+ board games.'],
];

migrate(
  (app) => {
    const events = app.findCollectionByNameOrId('events');
    SPECIAL.forEach(([date, title, time, description], i) => {
      const r = new Record(events);
      r.load({ kind: 'special', title, description, date, time, price: '', open_tables: false, sort_order: i, active: true });
      app.save(r);
    });
    WEEKLY.forEach(([weekday, title, time, price, openTables, description], i) => {
      const r = new Record(events);
      r.load({ kind: 'weekly', title, description, weekday, time, price, open_tables: openTables, sort_order: i, active: true });
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
