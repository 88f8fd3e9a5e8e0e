/// <reference path="../../pb_data/types.d.ts" />
/**
 * Server-side helpers for the hooks (CommonJS; loaded with require() inside handlers because
 * PocketBase runs handlers in pooled VMs that don't see a file's top-level code).
 *
 * - handleCreate: honeypot, idempotent ids, validation with the shared messages, the
 *   board game night capacity check and the outbox jobs, all in one transaction.
 * - the outbox: enqueue, claim, send (SMTP / Meta Conversions API), backoff, kick.
 */
const S = require(`${__hooks}/lib/shared.js`);

const OUTBOX = 'outbox';
const ALNUM = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const CANCEL_TOKEN_LENGTH = 48;
/** A claimed job is left alone by other workers for this long (a send in flight). */
const LEASE_SECONDS = 600;
/** Longest wait between two attempts of one job. */
const BACKOFF_CAP_SECONDS = 3600;
const KICK_SECRET_KEY = 'venue.outboxKickSecret';

// ---------------------------------------------------------------- small utilities

function env(name, fallback) {
  const v = $os.getenv(name);
  return v ? v : fallback === undefined ? '' : fallback;
}

/** PocketBase's datetime text format (UTC), comparable as text: 2026-11-22 03:02:06.575Z */
function stamp(date) {
  return (date || new Date()).toISOString().replace('T', ' ');
}

function stampIn(seconds) {
  return stamp(new Date(Date.now() + seconds * 1000));
}

function siteUrl() {
  return env('SITE_URL', 'http://127.0.0.1:8090').replace(/\/+$/, '');
}

function str(value) {
  if (value === undefined || value === null) return '';
  return typeof value === 'string' ? value : String(value);
}

function errorText(err) {
  if (!err) return 'unknown error';
  const msg = err.message || err.value || err;
  return String(msg).slice(0, 1900);
}

function log() {
  return $app.logger().with('component', 'venue');
}

function randomToken() {
  return $security.randomStringWithAlphabet(CANCEL_TOKEN_LENGTH, ALNUM);
}

function recordExists(app, collection, id) {
  try {
    app.findRecordById(collection, id);
    return true;
  } catch (_) {
    return false;
  }
}

function header(e, name) {
  try {
    const headers = e.requestInfo().headers || {};
    return str(headers[name.toLowerCase().replace(/-/g, '_')]);
  } catch (_) {
    return '';
  }
}

/** Answers a rejected create like PocketBase does, but with our exact messages. */
function rejectFields(e, errors, message) {
  const data = {};
  let first = '';
  Object.keys(errors).forEach((field) => {
    if (!first) first = errors[field];
    data[field] = { code: 'validation_invalid_value', message: errors[field] };
  });
  return e.json(400, { status: 400, message: message || first, data });
}

// ---------------------------------------------------------------- collections

const isBoardGame = (name) => S.isBoardGameNight(str(name));

function attributionFrom(body) {
  const out = {};
  ['gclid', 'gclid_captured_at', 'utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'].forEach((k) => {
    const v = str(body[k]).trim();
    if (v) out[k] = v.slice(0, 255);
  });
  return out;
}

function sourceUrlFrom(e, body) {
  const v = str(body.event_source_url).trim() || header(e, 'Referer');
  return v.slice(0, S.LIMITS.urlMax);
}

/** Per collection: which validator, how to store the values, which jobs to enqueue. */
const SPECS = {
  reservations: {
    validate(input, today) {
      return isBoardGame(input.event_name)
        ? S.validateBoardGameReservation(input, today)
        : S.validateEventReservation(input, today);
    },
    apply(record, input, e, body) {
      const board = isBoardGame(input.event_name);
      const source = str(body.source).trim();
      record.load({
        name: S.text(input.name),
        email: S.text(input.email),
        phone: S.text(input.phone),
        event_name: board ? S.BOARD_GAME_NIGHT : S.text(input.event_name),
        event_date: S.text(input.event_date),
        event_time: S.text(input.event_time),
        // Event reservations always store one guest (SPEC §3).
        party_size: board ? input.party_size : 1,
        source: source || 'web',
        status: 'confirmed',
        cancel_token: randomToken(),
        event_source_url: sourceUrlFrom(e, body),
      });
      record.load(attributionFrom(body));
    },
    /** Count and insert happen in the same transaction (all writes share one connection). */
    beforeInsert(tx, record) {
      if (record.getString('event_name') !== S.BOARD_GAME_NIGHT) return null;
      const date = record.getString('event_date');
      const night = nightAvailability(tx, date, date)[0];
      const want = record.getInt('party_size');
      if (night.seatsLeft >= want) return null;
      const label = S.formatNight(date);
      if (night.seatsLeft <= 0) {
        const msg = S.MESSAGES.nightFull(label);
        return { message: msg, fields: { event_date: msg } };
      }
      const msg = S.MESSAGES.notEnoughSeats(label, night.seatsLeft);
      return { message: msg, fields: { party_size: msg } };
    },
    jobs(record, ctx) {
      const cancelUrl = `${siteUrl()}/cancel/${record.getString('cancel_token')}`;
      const mail = S.reservationConfirmationMail({
        id: record.id,
        name: record.getString('name'),
        email: record.getString('email'),
        event_name: record.getString('event_name'),
        event_date: record.getString('event_date'),
        event_time: record.getString('event_time'),
        party_size: record.getInt('party_size'),
        cancelUrl,
      });
      return [
        mailJob('reservation_confirmation', record.getString('email'), mail),
        conversionJob(record, ctx),
      ];
    },
  },

  private_event_inquiries: {
    validate(input, today) {
      return S.validateInquiry(input, today);
    },
    input(body) {
      const input = Object.assign({}, body);
      // PocketBase stores an empty number as 0; 0 guests means "not given".
      if (input.number_of_people === 0) delete input.number_of_people;
      return input;
    },
    apply(record, input, e, body) {
      const people = S.optionalNumber(input.number_of_people);
      record.load({
        name: S.text(input.name),
        email: S.text(input.email),
        phone: S.text(input.phone),
        event_type: S.text(input.event_type),
        number_of_people: typeof people === 'number' ? people : 0,
        budget: S.text(input.budget),
        preferred_date: S.text(input.preferred_date),
        preferred_time: S.text(input.preferred_time),
        message: S.text(input.message),
        event_source_url: sourceUrlFrom(e, body),
      });
      record.load(attributionFrom(body));
    },
    jobs(record, ctx) {
      const q = {
        id: record.id,
        name: record.getString('name'),
        email: record.getString('email'),
        phone: record.getString('phone'),
        event_type: record.getString('event_type'),
        number_of_people: record.getInt('number_of_people') || undefined,
        budget: record.getString('budget'),
        preferred_date: record.getString('preferred_date'),
        preferred_time: record.getString('preferred_time'),
        message: record.getString('message'),
      };
      return [
        mailJob('inquiry_staff', staffEmail('events'), S.inquiryStaffMail(q)),
        mailJob('inquiry_ack', q.email, S.inquiryAckMail(q)),
        conversionJob(record, ctx),
      ];
    },
  },

  influencer_applications: {
    validate(input) {
      return S.validateInfluencerApplication(input);
    },
    apply(record, input, e, body) {
      record.load({
        name: S.text(input.name),
        email: S.text(input.email),
        message: S.text(input.message),
        event_source_url: sourceUrlFrom(e, body),
      });
    },
    jobs(record) {
      const a = { id: record.id, name: record.getString('name'), email: record.getString('email'), message: record.getString('message') };
      return [
        mailJob('influencer_staff', staffEmail('collab'), S.influencerStaffMail(a)),
        mailJob('influencer_ack', a.email, S.influencerAckMail(a)),
      ];
    },
  },

  pass_confirmations: {
    validate(input) {
      return S.validatePassConfirmation(input);
    },
    apply(record, input) {
      record.load({
        name: S.text(input.name),
        email: S.text(input.email),
        date: S.text(input.date),
        time: S.text(input.time),
        people: input.people,
        cost: S.cents(input.cost),
        tax: S.cents(input.tax),
        total: S.cents(input.total),
      });
    },
    jobs(record) {
      const mail = S.passConfirmationMail({
        id: record.id,
        name: record.getString('name'),
        email: record.getString('email'),
        date: record.getString('date'),
        time: record.getString('time'),
        people: record.getInt('people'),
        cost: record.getFloat('cost'),
        tax: record.getFloat('tax'),
        total: record.getFloat('total'),
      });
      return [mailJob('pass_confirmation', record.getString('email'), mail)];
    },
  },
};

/** Where staff notifications go: STAFF_EMAIL, else the venue's own inbox for that topic. */
function staffEmail(topic) {
  const configured = env('STAFF_EMAIL');
  if (configured) return configured;
  return topic === 'collab' ? S.venue.contact.collabEmail : S.venue.contact.eventsEmail;
}

function mailJob(template, recipient, rendered) {
  return { kind: 'mail', template, recipient, payload: rendered };
}

/** The Meta Conversions API event, captured at create time (the IP and UA are the guest's). */
function conversionJob(record, ctx) {
  const email = record.getString('email').trim().toLowerCase();
  return {
    kind: 'conversion',
    template: 'meta_lead',
    recipient: '',
    payload: {
      event: {
        event_name: 'Lead',
        event_time: Math.floor(Date.now() / 1000),
        event_id: record.id,
        action_source: 'website',
        event_source_url: record.getString('event_source_url') || siteUrl() + '/',
        user_data: {
          em: [$security.sha256(email)],
          client_ip_address: ctx.ip,
          client_user_agent: ctx.ua,
        },
        custom_data: { value: 0, currency: 'USD' },
      },
    },
  };
}

// ---------------------------------------------------------------- create flow

/**
 * onRecordCreateRequest handler for the public collections.
 * Order matters: honeypot, then "does this id exist already" (a retry must get PocketBase's
 * duplicate answer before any capacity check), then validation, then one transaction for
 * capacity + insert + outbox jobs, then a bounded kick of the new jobs.
 */
function handleCreate(e, collection) {
  const spec = SPECS[collection];
  const body = e.requestInfo().body || {};

  if (str(body.website).trim() !== '') return honeypot(e, collection, body);

  const id = str(body.id);
  if (id && recordExists($app, collection, id)) {
    // A retry of a stored create: PocketBase's own duplicate answer, before any capacity check;
    // nothing is stored or sent. (Concurrent twins are caught by the primary key in e.next().)
    return e.json(400, {
      status: 400,
      message: 'Failed to create record.',
      data: { id: { code: 'validation_not_unique', message: 'Value must be unique.' } },
    });
  }

  const input = spec.input ? spec.input(body) : body;
  const errors = spec.validate(input, S.venueToday());
  if (Object.keys(errors).length > 0) return rejectFields(e, errors);

  spec.apply(e.record, input, e, body);
  const ctx = { ip: e.realIP(), ua: header(e, 'User-Agent').slice(0, 500) };

  const originalApp = e.app;
  let rejection = null;
  let created = false;
  try {
    $app.runInTransaction((tx) => {
      e.app = tx;
      if (spec.beforeInsert) {
        rejection = spec.beforeInsert(tx, e.record);
        if (rejection) return;
      }
      e.next();
      created = true;
      enqueue(tx, collection, e.record.id, spec.jobs(e.record, ctx));
    });
  } finally {
    e.app = originalApp;
  }

  if (rejection) return rejectFields(e, rejection.fields, rejection.message);
  if (created) kick(collection, e.record.id);
}

/** A filled honeypot: answer like a successful create, store and send nothing. */
function honeypot(e, collection, body) {
  const id = S.RECORD_ID_PATTERN.test(str(body.id)) ? str(body.id) : $security.randomStringWithAlphabet(15, S.RECORD_ID_ALPHABET);
  log().info('honeypot field filled; create ignored', 'collection', collection, 'ip', e.realIP());
  const now = stamp();
  const out = { collectionId: e.collection.id, collectionName: collection, id, created: now, updated: now };
  const publicFields = ['name', 'email', 'event_name', 'event_date', 'event_time', 'party_size', 'message', 'date', 'time', 'people'];
  publicFields.forEach((f) => {
    if (body[f] !== undefined) out[f] = body[f];
  });
  if (collection === 'reservations') out.status = 'confirmed';
  return e.json(200, out);
}

// ---------------------------------------------------------------- capacity

function capacityRows(app, from, to) {
  const rows = arrayOf(new DynamicModel({ date: '', seats: 0 }));
  app
    .db()
    .newQuery("SELECT date, seats FROM capacity WHERE date = 'default' OR (date >= {:from} AND date <= {:to})")
    .bind({ from, to })
    .all(rows);
  return rows;
}

function bookedRows(app, from, to) {
  const rows = arrayOf(new DynamicModel({ event_date: '', total: 0 }));
  app
    .db()
    .newQuery(
      'SELECT event_date, COALESCE(SUM(party_size), 0) AS total FROM reservations ' +
        "WHERE event_name = {:name} AND status != 'cancelled' AND event_date >= {:from} AND event_date <= {:to} " +
        'GROUP BY event_date',
    )
    .bind({ name: S.BOARD_GAME_NIGHT, from, to })
    .all(rows);
  return rows;
}

/** [{ date, capacity, seatsLeft }] for every night from..to (inclusive). */
function nightAvailability(app, from, to) {
  let fallback = S.DEFAULT_NIGHTLY_CAPACITY;
  const caps = {};
  capacityRows(app, from, to).forEach((r) => {
    if (r.date === 'default') fallback = r.seats;
    else caps[r.date] = r.seats;
  });
  const booked = {};
  bookedRows(app, from, to).forEach((r) => {
    booked[r.event_date] = r.total;
  });
  const nights = [];
  const days = S.daysBetween(from, to);
  for (let i = 0; i <= days; i++) {
    const date = S.addDays(from, i);
    const capacity = caps[date] !== undefined ? caps[date] : fallback;
    nights.push({ date, capacity, seatsLeft: Math.max(0, capacity - (booked[date] || 0)) });
  }
  return nights;
}

// ---------------------------------------------------------------- outbox

/** Inserts jobs with the given app (pass the transaction's app to commit them with the record). */
function enqueue(app, recordCollection, recordId, jobs) {
  const col = app.findCollectionByNameOrId(OUTBOX);
  const now = stamp();
  jobs.forEach((job) => {
    const r = new Record(col);
    r.load({
      kind: job.kind,
      template: job.template,
      recipient: job.recipient,
      payload: job.payload,
      record_collection: recordCollection,
      record_id: recordId,
      status: 'pending',
      attempts: 0,
      next_attempt_at: now,
      last_error: '',
      sent_at: '',
    });
    app.save(r);
  });
}

function backoffSeconds(attempts) {
  const base = Math.max(1, Number(env('OUTBOX_BACKOFF_SECONDS', '30')) || 30);
  return Math.min(BACKOFF_CAP_SECONDS, base * Math.pow(2, Math.max(0, attempts - 1)));
}

/** Claims a due job for this worker; false when another worker has it or it isn't due. */
function claim(app, id) {
  const now = stamp();
  const result = app
    .db()
    .newQuery(
      "UPDATE outbox SET next_attempt_at = {:lease} WHERE id = {:id} AND status IN ('pending', 'failed') AND next_attempt_at <= {:now}",
    )
    .bind({ id, now, lease: stampIn(LEASE_SECONDS) })
    .execute();
  return result.rowsAffected() === 1;
}

function parseAddress(value) {
  const m = /^\s*(.*?)\s*<([^>]+)>\s*$/.exec(value);
  if (m) return { name: m[1].replace(/^"|"$/g, ''), address: m[2] };
  return { name: '', address: value.trim() };
}

function mailFrom(app) {
  const configured = env('MAIL_FROM');
  if (configured) {
    const parsed = parseAddress(configured);
    return { address: parsed.address, name: parsed.name || S.venue.name };
  }
  const meta = app.settings().meta;
  return { address: meta.senderAddress || S.venue.contact.email, name: meta.senderName || S.venue.name };
}

function smtpConfigured(app) {
  return !!app.settings().smtp.enabled && !!app.settings().smtp.host;
}

function jobPayload(job) {
  const raw = job.getString('payload');
  return raw ? JSON.parse(raw) : {};
}

function sendMail(app, job) {
  if (!smtpConfigured(app)) return { skipped: 'SMTP is not configured (set SMTP_HOST); the mail is kept unsent in the outbox' };
  const p = jobPayload(job);
  const attachments = {};
  (p.attachments || []).forEach((a) => {
    const file = $filesystem.fileFromBytes(toBytes(a.content), a.filename);
    attachments[a.filename] = file.reader.open();
  });
  const headers = {};
  if (p.replyTo) headers['Reply-To'] = p.replyTo;
  const message = new MailerMessage({
    from: mailFrom(app),
    to: [{ address: job.getString('recipient') }],
    subject: p.subject,
    html: p.html,
    text: p.text,
    headers,
    attachments,
  });
  app.newMailClient().send(message);
  return { sent: true };
}

function sendConversion(app, job) {
  const pixel = env('META_PIXEL_ID');
  const token = env('META_ACCESS_TOKEN');
  if (!pixel || !token) return { skipped: 'Meta Conversions API is not configured (set META_PIXEL_ID and META_ACCESS_TOKEN)' };
  const base = env('META_API_BASE', 'https://graph.facebook.com/v21.0').replace(/\/+$/, '');
  const p = jobPayload(job);
  const res = $http.send({
    url: `${base}/${encodeURIComponent(pixel)}/events?access_token=${encodeURIComponent(token)}`,
    method: 'POST',
    body: JSON.stringify({ data: [p.event] }),
    headers: { 'content-type': 'application/json' },
    timeout: 15,
  });
  if (res.statusCode < 200 || res.statusCode >= 300) {
    throw new Error(`Meta answered ${res.statusCode}: ${toString(res.body).slice(0, 500)}`);
  }
  return { sent: true };
}

/** One attempt at one job; returns 'sent' | 'skipped' | 'failed' | 'busy'. Never deletes a job. */
function processJob(app, id) {
  if (!claim(app, id)) return 'busy';
  const job = app.findRecordById(OUTBOX, id);
  let outcome;
  try {
    outcome = job.getString('kind') === 'mail' ? sendMail(app, job) : sendConversion(app, job);
  } catch (err) {
    outcome = { error: errorText(err) };
  }
  const attempts = job.getInt('attempts');
  if (outcome.sent) {
    job.load({ status: 'sent', attempts: attempts + 1, last_error: '', sent_at: stamp() });
  } else if (outcome.skipped) {
    log().warn('outbox job skipped', 'id', id, 'template', job.getString('template'), 'reason', outcome.skipped);
    // Also on the console, so an operator running without SMTP sees that mail is not going out.
    console.log(`outbox job skipped: ${job.getString('template')} ${id}: ${outcome.skipped}`);
    job.load({ status: 'skipped', last_error: outcome.skipped });
  } else {
    const next = attempts + 1;
    log().warn('outbox job failed; will retry', 'id', id, 'template', job.getString('template'), 'attempts', next, 'error', outcome.error);
    job.load({ status: 'failed', attempts: next, last_error: outcome.error, next_attempt_at: stampIn(backoffSeconds(next)) });
  }
  app.save(job);
  return outcome.sent ? 'sent' : outcome.skipped ? 'skipped' : 'failed';
}

/** Sends every due job (oldest first), up to `limit`. */
function flushDue(app, limit) {
  const jobs = app.findRecordsByFilter(
    OUTBOX,
    "(status = 'pending' || status = 'failed') && next_attempt_at <= {:now}",
    'next_attempt_at',
    limit || 100,
    0,
    { now: stamp() },
  );
  const summary = { processed: 0, sent: 0, skipped: 0, failed: 0, busy: 0 };
  jobs.forEach((job) => {
    const outcome = processJob(app, job.id);
    summary[outcome] += 1;
    if (outcome !== 'busy') summary.processed += 1;
  });
  return summary;
}

/** Sends the due jobs of one record (the immediate attempt after its create committed). */
function flushRecord(app, recordCollection, recordId) {
  const jobs = app.findRecordsByFilter(
    OUTBOX,
    "record_collection = {:c} && record_id = {:id} && (status = 'pending' || status = 'failed') && next_attempt_at <= {:now}",
    'created',
    20,
    0,
    { c: recordCollection, id: recordId, now: stamp() },
  );
  jobs.forEach((job) => processJob(app, job.id));
}

/**
 * The local base URL of this server, read from `serve --http=…` (for the kick), or '' when
 * it cannot be known (console commands, --https only, domain autocert): the cron worker
 * then sends the jobs within a minute. OUTBOX_KICK_URL overrides.
 */
function selfBase() {
  const override = env('OUTBOX_KICK_URL');
  if (override) return override.replace(/\/+$/, '');
  const args = $os.args || [];
  if (args.indexOf('serve') === -1) return '';
  let http = '';
  let https = false;
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a.indexOf('--http=') === 0) http = a.slice(7);
    else if (a === '--http' && args[i + 1]) http = args[i + 1];
    else if (a.indexOf('--https') === 0) https = true;
  }
  if (!http) {
    if (https) return '';
    http = '127.0.0.1:8090';
  }
  const idx = http.lastIndexOf(':');
  const host = http.slice(0, idx);
  const port = http.slice(idx + 1);
  const localHost = !host || host === '0.0.0.0' || host === '[::]' || host === '::' ? '127.0.0.1' : host;
  return `http://${localHost}:${port}`;
}

/**
 * The immediate attempt after commit. It runs in a separate request to this server so that
 * the guest's create never waits on the mail server: we wait at most 2 s for the kick, and a
 * send that takes longer simply carries on (its lease keeps other workers off the job).
 */
function kick(recordCollection, recordId) {
  const secret = $app.store().get(KICK_SECRET_KEY);
  const base = selfBase();
  if (!secret || !base) return;
  try {
    $http.send({
      url: `${base}/api/outbox/kick`,
      method: 'POST',
      body: JSON.stringify({ collection: recordCollection, id: recordId }),
      headers: { 'content-type': 'application/json', 'x-outbox-kick': secret },
      timeout: 2,
    });
  } catch (err) {
    log().debug('outbox kick did not finish in time; the cron worker will pick the jobs up', 'error', errorText(err));
  }
}

module.exports = {
  S,
  env,
  stamp,
  siteUrl,
  handleCreate,
  rejectFields,
  nightAvailability,
  enqueue,
  flushDue,
  flushRecord,
  processJob,
  kick,
  selfBase,
  KICK_SECRET_KEY,
  CANCEL_TOKEN_LENGTH,
};
