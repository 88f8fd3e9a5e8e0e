/// <reference path="../pb_data/types.d.ts" />
/**
 * The requests inbox (staff dashboard): each private-event inquiry, influencer application and
 * monthly pass confirmation gets a status (new → replied → booked / declined) and a staff note.
 * Admins may now update these records, and only these two fields (pb_hooks/records.pb.js guards
 * the rest); a public create always stores status "new" and an empty note, whatever it sends.
 * Reading stays admin-only (the list/view rules are unchanged), so anonymous and non-admin
 * callers never see them. Records made before this migration start as "new".
 */
const INBOX = ['private_event_inquiries', 'influencer_applications', 'pass_confirmations'];
const STATUSES = ['new', 'replied', 'booked', 'declined'];

migrate(
  (app) => {
    INBOX.forEach((name) => {
      const collection = app.findCollectionByNameOrId(name);
      collection.fields.add(new SelectField({ name: 'status', values: STATUSES, maxSelect: 1 }));
      collection.fields.add(new TextField({ name: 'note', max: 2000 }));
      // The admin rule the collection is read with (1763700000_collections.js): the same callers may now update.
      collection.updateRule = collection.listRule;
      collection.indexes = [...collection.indexes, `CREATE INDEX idx_${name}_status ON ${name} (status, created)`];
      app.save(collection);
      app.db().newQuery(`UPDATE ${name} SET status = 'new' WHERE status = '' OR status IS NULL`).execute();
    });
  },
  (app) => {
    INBOX.forEach((name) => {
      const collection = app.findCollectionByNameOrId(name);
      collection.fields.removeByName('status');
      collection.fields.removeByName('note');
      collection.updateRule = null;
      collection.indexes = collection.indexes.filter((sql) => !sql.includes(`idx_${name}_status`));
      app.save(collection);
    });
  },
);
