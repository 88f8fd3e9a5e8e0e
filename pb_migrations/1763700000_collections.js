/// <reference path="../pb_data/types.d.ts" />
/**
 * Collections, API rules and indexes (DESIGN.md §3).
 *
 * Rules, in PocketBase terms: null = superusers only, "" = anyone.
 * ADMIN below = a signed-in `users` record that has a user_roles row with role "admin".
 * Anonymous visitors may create reservations, inquiries, applications and pass confirmations
 * (through the validating hooks in pb_hooks/) and can never list, view, update or delete them;
 * realtime subscriptions follow the same list/view rules.
 */
const ADMIN =
  '@request.auth.collectionName = "users" && ' +
  '@collection.user_roles.user_id ?= @request.auth.id && @collection.user_roles.role ?= "admin"';

const DATE_RE = '^\\d{4}-\\d{2}-\\d{2}$';

function autodates() {
  return [
    { name: 'created', type: 'autodate', onCreate: true, onUpdate: false },
    { name: 'updated', type: 'autodate', onCreate: true, onUpdate: true },
  ];
}

function attribution() {
  return [
    { name: 'gclid', type: 'text', max: 255 },
    { name: 'gclid_captured_at', type: 'text', max: 64 },
    { name: 'utm_source', type: 'text', max: 255 },
    { name: 'utm_medium', type: 'text', max: 255 },
    { name: 'utm_campaign', type: 'text', max: 255 },
    { name: 'utm_term', type: 'text', max: 255 },
    { name: 'utm_content', type: 'text', max: 255 },
  ];
}

function sourceUrl() {
  return { name: 'event_source_url', type: 'text', max: 2000 };
}

migrate(
  (app) => {
    const users = app.findCollectionByNameOrId('users');

    // user_roles first: every ADMIN rule below refers to it.
    app.save(
      new Collection({
        type: 'base',
        name: 'user_roles',
        // Owners read their own row (the login screen checks it); only superusers write.
        listRule: 'user_id = @request.auth.id',
        viewRule: 'user_id = @request.auth.id',
        createRule: null,
        updateRule: null,
        deleteRule: null,
        fields: [
          { name: 'user_id', type: 'relation', collectionId: users.id, maxSelect: 1, required: true, cascadeDelete: true },
          { name: 'role', type: 'select', values: ['admin'], maxSelect: 1, required: true },
          ...autodates(),
        ],
        indexes: ['CREATE UNIQUE INDEX idx_user_roles_user_role ON user_roles (user_id, role)'],
      }),
    );

    app.save(
      new Collection({
        type: 'base',
        name: 'reservations',
        listRule: ADMIN,
        viewRule: ADMIN,
        createRule: '',
        updateRule: ADMIN,
        deleteRule: ADMIN,
        fields: [
          { name: 'name', type: 'text', required: true, max: 100 },
          { name: 'email', type: 'text', required: true, max: 255 },
          { name: 'phone', type: 'text', max: 30 },
          { name: 'event_name', type: 'text', required: true, max: 200 },
          { name: 'event_date', type: 'text', required: true, pattern: DATE_RE },
          { name: 'event_time', type: 'text', required: true, max: 50 },
          { name: 'party_size', type: 'number', onlyInt: true, min: 1, max: 20, required: true },
          { name: 'source', type: 'select', values: ['web', 'event', 'kiosk'], maxSelect: 1 },
          { name: 'status', type: 'select', values: ['confirmed', 'cancelled', 'arrived', 'no_show'], maxSelect: 1, required: true },
          { name: 'cancel_token', type: 'text', hidden: true, min: 40, max: 64, required: true },
          ...attribution(),
          sourceUrl(),
          ...autodates(),
        ],
        indexes: [
          'CREATE UNIQUE INDEX idx_reservations_cancel_token ON reservations (cancel_token)',
          'CREATE INDEX idx_reservations_night ON reservations (event_name, event_date, status)',
          'CREATE INDEX idx_reservations_created ON reservations (created)',
        ],
      }),
    );

    app.save(
      new Collection({
        type: 'base',
        name: 'events',
        listRule: '',
        viewRule: '',
        createRule: ADMIN,
        updateRule: ADMIN,
        deleteRule: ADMIN,
        fields: [
          { name: 'kind', type: 'select', values: ['special', 'weekly'], maxSelect: 1, required: true },
          { name: 'title', type: 'text', required: true, max: 200 },
          { name: 'description', type: 'text', max: 2000 },
          { name: 'date', type: 'text', pattern: DATE_RE },
          { name: 'weekday', type: 'number', onlyInt: true, min: 1, max: 7 },
          { name: 'time', type: 'text', max: 50 },
          { name: 'price', type: 'text', max: 100 },
          { name: 'open_tables', type: 'bool' },
          { name: 'sort_order', type: 'number', onlyInt: true },
          { name: 'active', type: 'bool' },
          ...autodates(),
        ],
        indexes: [
          'CREATE INDEX idx_events_special ON events (kind, date)',
          'CREATE INDEX idx_events_weekly ON events (kind, weekday, sort_order)',
        ],
      }),
    );

    app.save(
      new Collection({
        type: 'base',
        name: 'capacity',
        // Public numbers come from GET /api/availability only.
        listRule: ADMIN,
        viewRule: ADMIN,
        createRule: ADMIN,
        updateRule: ADMIN,
        deleteRule: ADMIN,
        fields: [
          { name: 'date', type: 'text', required: true, pattern: '^(default|\\d{4}-\\d{2}-\\d{2})$' },
          { name: 'seats', type: 'number', onlyInt: true, min: 0, max: 1000 },
          { name: 'note', type: 'text', max: 500 },
          ...autodates(),
        ],
        indexes: ['CREATE UNIQUE INDEX idx_capacity_date ON capacity (date)'],
      }),
    );

    app.save(
      new Collection({
        type: 'base',
        name: 'private_event_inquiries',
        listRule: ADMIN,
        viewRule: ADMIN,
        createRule: '',
        updateRule: null,
        deleteRule: ADMIN,
        fields: [
          { name: 'name', type: 'text', required: true, max: 100 },
          { name: 'email', type: 'text', required: true, max: 255 },
          { name: 'phone', type: 'text', required: true, max: 30 },
          {
            name: 'event_type',
            type: 'select',
            maxSelect: 1,
            values: ['corporate', 'wedding', 'birthday', 'game-night', 'mixer', 'meetup', 'artist-showcase', 'screening', 'film-shoot', 'other'],
          },
          { name: 'number_of_people', type: 'number', onlyInt: true, min: 0, max: 10000 },
          {
            name: 'budget',
            type: 'select',
            maxSelect: 1,
            values: ['no-budget', 'no-budget-mixed', 'under-1000', '1000-2500', '2500-5000', '5000-10000', 'over-10000'],
          },
          { name: 'preferred_date', type: 'text', pattern: DATE_RE },
          { name: 'preferred_time', type: 'text', max: 50 },
          { name: 'message', type: 'text', required: true, max: 2000 },
          ...attribution(),
          sourceUrl(),
          ...autodates(),
        ],
        indexes: ['CREATE INDEX idx_inquiries_created ON private_event_inquiries (created)'],
      }),
    );

    app.save(
      new Collection({
        type: 'base',
        name: 'influencer_applications',
        listRule: ADMIN,
        viewRule: ADMIN,
        createRule: '',
        updateRule: null,
        deleteRule: ADMIN,
        fields: [
          { name: 'name', type: 'text', required: true, max: 100 },
          { name: 'email', type: 'text', required: true, max: 255 },
          { name: 'message', type: 'text', required: true, max: 2000 },
          sourceUrl(),
          ...autodates(),
        ],
      }),
    );

    app.save(
      new Collection({
        type: 'base',
        name: 'pass_confirmations',
        listRule: ADMIN,
        viewRule: ADMIN,
        createRule: '',
        updateRule: null,
        deleteRule: null,
        fields: [
          { name: 'name', type: 'text', required: true, max: 100 },
          { name: 'email', type: 'text', required: true, max: 255 },
          { name: 'date', type: 'text', required: true, max: 100 },
          { name: 'time', type: 'text', required: true, max: 100 },
          { name: 'people', type: 'number', onlyInt: true, min: 1, max: 20, required: true },
          { name: 'cost', type: 'number', min: 0 },
          { name: 'tax', type: 'number', min: 0 },
          { name: 'total', type: 'number', min: 0 },
          ...autodates(),
        ],
      }),
    );

    app.save(
      new Collection({
        type: 'base',
        name: 'outbox',
        // Staff may look (and requeue a job by editing it); only the server creates and deletes.
        listRule: ADMIN,
        viewRule: ADMIN,
        createRule: null,
        updateRule: ADMIN,
        deleteRule: null,
        fields: [
          { name: 'kind', type: 'select', values: ['mail', 'conversion'], maxSelect: 1, required: true },
          { name: 'template', type: 'text', required: true, max: 100 },
          { name: 'recipient', type: 'text', max: 255 },
          { name: 'payload', type: 'json', maxSize: 2000000 },
          { name: 'record_collection', type: 'text', max: 100 },
          { name: 'record_id', type: 'text', max: 50 },
          { name: 'status', type: 'select', values: ['pending', 'sent', 'skipped', 'failed'], maxSelect: 1, required: true },
          { name: 'attempts', type: 'number', onlyInt: true, min: 0 },
          // yyyy-MM-dd HH:mm:ss.SSSZ (UTC), compared as text by the worker.
          { name: 'next_attempt_at', type: 'text', max: 30 },
          { name: 'last_error', type: 'text', max: 2000 },
          { name: 'sent_at', type: 'text', max: 30 },
          ...autodates(),
        ],
        indexes: [
          'CREATE INDEX idx_outbox_due ON outbox (status, next_attempt_at)',
          // One job per record and template: a second one would be a duplicate mail.
          'CREATE UNIQUE INDEX idx_outbox_job ON outbox (record_collection, record_id, template)',
        ],
      }),
    );

    app.save(
      new Collection({
        type: 'base',
        name: 'tasks',
        listRule: ADMIN,
        viewRule: ADMIN,
        createRule: ADMIN,
        updateRule: ADMIN,
        deleteRule: ADMIN,
        fields: [
          { name: 'title', type: 'text', required: true, max: 300 },
          { name: 'description', type: 'text', max: 5000 },
          { name: 'cadence', type: 'text', max: 100 },
          {
            name: 'category',
            type: 'select',
            maxSelect: 1,
            required: true,
            values: [
              'legal_compliance',
              'branding_decor_signage',
              'games_customer_experience',
              'seo_geo_positioning',
              'ads_social_media',
              'event_programming',
              'pr_influencers_partnerships',
              'local_employers',
              'referrals_retention',
              'email_sms',
              'staff_hr',
              'maintenance_construction',
              'finance',
              'food_beverage',
            ],
          },
          { name: 'order_index', type: 'number', onlyInt: true },
          { name: 'is_completed', type: 'bool' },
          { name: 'status', type: 'select', values: ['unchecked', 'waiting', 'complete'], maxSelect: 1 },
          { name: 'notes', type: 'text', max: 5000 },
          ...autodates(),
        ],
        indexes: ['CREATE INDEX idx_tasks_order ON tasks (category, order_index)'],
      }),
    );

    app.save(
      new Collection({
        type: 'base',
        name: 'priorities',
        listRule: ADMIN,
        viewRule: ADMIN,
        createRule: ADMIN,
        updateRule: ADMIN,
        deleteRule: ADMIN,
        fields: [
          { name: 'priority_text', type: 'text', required: true, max: 1000 },
          { name: 'priority_date', type: 'text', required: true, pattern: DATE_RE },
          { name: 'is_completed', type: 'bool' },
          { name: 'order_index', type: 'number', onlyInt: true },
          ...autodates(),
        ],
        indexes: ['CREATE INDEX idx_priorities_order ON priorities (priority_date, order_index)'],
      }),
    );
  },
  (app) => {
    for (const name of [
      'priorities',
      'tasks',
      'outbox',
      'pass_confirmations',
      'influencer_applications',
      'private_event_inquiries',
      'capacity',
      'events',
      'reservations',
      'user_roles',
    ]) {
      try {
        app.delete(app.findCollectionByNameOrId(name));
      } catch (_) {
        // already gone
      }
    }
  },
);
