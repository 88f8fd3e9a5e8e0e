/// <reference path="../pb_data/types.d.ts" />
/**
 * The outbox job's identity (issue 24). `idx_outbox_job` held one job per (record, template), so a
 * mail that may rightly go out again for one record was refused: a staff account's second sign-in
 * code (the users record is the same), and the manage link's updates (named
 * 'reservation_updated:<seq>' to dodge the index). `job_key` names which one of those mails a job
 * is, and the index is (record, template, job_key):
 *   staff_sign_in_code   the OTP id (one mail per code asked for)
 *   reservation_updated  the ics_sequence of the first change it carries (lib/manage.js)
 *   waitlist_offer       the offer's instant (one per offer round)
 *   reservation_reminder the night (one per night)
 *   anything else        '' (once per record, as before)
 * A retried request still finds its job's key taken (same OTP, same sequence, same round), so
 * exactly-once holds. Existing rows are kept: the suffixed updates become template + key.
 *
 * And the staff sign-in codes leave the API (issue 24 item 3): a code is a secret, so no staff
 * account may list, view, follow (realtime) or requeue a code's job, its own included;
 * superusers still see them in the dashboard.
 */
const ADMIN =
  '@request.auth.collectionName = "users" && ' +
  '@collection.user_roles.user_id ?= @request.auth.id && @collection.user_roles.role ?= "admin"';
const NOT_A_CODE = 'template != "staff_sign_in_code"';
const STAFF_RULE = `${ADMIN} && ${NOT_A_CODE}`;

const OLD_INDEX = 'CREATE UNIQUE INDEX idx_outbox_job ON outbox (record_collection, record_id, template)';
const NEW_INDEX = 'CREATE UNIQUE INDEX idx_outbox_job ON outbox (record_collection, record_id, template, job_key)';

function setIndex(collection, sql) {
  collection.indexes = collection.indexes.filter((s) => !s.includes('idx_outbox_job')).concat([sql]);
}

migrate(
  (app) => {
    const outbox = app.findCollectionByNameOrId('outbox');
    outbox.fields.add(new TextField({ name: 'job_key', max: 100 }));
    outbox.listRule = STAFF_RULE;
    outbox.viewRule = STAFF_RULE;
    outbox.updateRule = STAFF_RULE;
    setIndex(outbox, NEW_INDEX);
    app.save(outbox);
    app
      .db()
      .newQuery(
        "UPDATE outbox SET job_key = substr(template, length('reservation_updated:') + 1), template = 'reservation_updated' " +
          "WHERE template LIKE 'reservation_updated:%'",
      )
      .execute();
    app.db().newQuery("UPDATE outbox SET job_key = '' WHERE job_key IS NULL").execute();
  },
  (app) => {
    const outbox = app.findCollectionByNameOrId('outbox');
    app
      .db()
      .newQuery("UPDATE outbox SET template = 'reservation_updated:' || job_key WHERE template = 'reservation_updated' AND job_key != ''")
      .execute();
    // Several codes of one account cannot live under the old index: only the newest of each stays.
    app
      .db()
      .newQuery(
        "DELETE FROM outbox WHERE template IN ('staff_sign_in_code', 'waitlist_offer', 'reservation_reminder') AND id NOT IN " +
          '(SELECT id FROM outbox o WHERE o.record_id = outbox.record_id AND o.template = outbox.template ORDER BY created DESC LIMIT 1)',
      )
      .execute();
    outbox.fields.removeByName('job_key');
    outbox.listRule = ADMIN;
    outbox.viewRule = ADMIN;
    outbox.updateRule = ADMIN;
    setIndex(outbox, OLD_INDEX);
    app.save(outbox);
  },
);
