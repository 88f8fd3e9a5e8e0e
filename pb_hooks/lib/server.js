/// <reference path="../../pb_data/types.d.ts" />
/**
 * Server-side helpers for the hooks (CommonJS; loaded with require() inside handlers because
 * PocketBase runs handlers in pooled VMs that don't see a file's top-level code).
 *
 * - handleCreate: honeypot, idempotent ids, validation with the shared messages, the
 *   board game night capacity check and the outbox jobs, all in one transaction.
 * - the outbox: enqueue, claim, send (SMTP / Meta Conversions API), backoff.
 */
const S = require(`${__hooks}/lib/shared.js`);

const OUTBOX = 'outbox';
const ALNUM = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const CANCEL_TOKEN_LENGTH = 48;
/** A claimed job is left alone by other workers for this long (a send in flight). */
const LEASE_SECONDS = 600;
/** Longest wait between two attempts of one job. */
const BACKOFF_CAP_SECONDS = 3600;

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

function siteHost() {
  return siteUrl().replace(/^https?:\/\//, '').replace(/[:/].*$/, '') || 'localhost';
}

function siteUrl() {
  return env('SITE_URL', 'http://127.0.0.1:8090').replace(/\/+$/, '');
}

function str(value) {
  if (value === undefined || value === null) return '';
  return typeof value === 'string' ? value : String(value);
}

/**
 * An error as text fit to store (outbox.last_error is readable by every admin) and to log: the
 * configured secrets and any access_token parameter are replaced by [redacted].
 */
function errorText(err) {
  if (!err) return 'unknown error';
  const msg = err.message || err.value || err;
  return redactSecrets(String(msg)).slice(0, 1900);
}

const SECRET_ENV = ['META_ACCESS_TOKEN', 'SMTP_PASS'];

function redactSecrets(text) {
  let out = text.replace(/(access_token["']?\s*[=:]\s*["']?)[^&\s"',}]+/gi, '$1[redacted]');
  SECRET_ENV.forEach((name) => {
    const secret = env(name);
    if (secret.length >= 4) out = out.split(secret).join('[redacted]');
  });
  return out;
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

/**
 * The request body exactly as the caller sent it. PocketBase's requestInfo().body has already
 * been converted to the collection's field types (true → 1 for a number field), and a wrong
 * type must be refused, not coerced. The router keeps the body re-readable.
 */
function rawBody(e) {
  // A record request event reaches the http.Request through its embedded RequestEvent.
  const request = e.request || (e.requestEvent && e.requestEvent.request);
  if (request && header(e, 'Content-Type').toLowerCase().indexOf('application/json') === 0) {
    try {
      const parsed = JSON.parse(toString(request.body));
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed;
    } catch (_) {
      // not JSON after all: fall back to what PocketBase read
    }
  }
  return e.requestInfo().body || {};
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
    /** An event reservation must name an event that runs on its date (found in `events`). */
    check(input) {
      if (isBoardGame(input.event_name)) return null;
      const found = S.checkScheduledEvent(activeEvents(S.text(input.event_name)), S.text(input.event_name), S.text(input.event_date));
      if (found.error) return { [found.error === S.MESSAGES.eventUnknown ? 'event_name' : 'event_date']: found.error };
      input.__event = found.event;
      return null;
    },
    apply(record, input, e, body) {
      const board = isBoardGame(input.event_name);
      const source = str(body.source).trim();
      // An event's stored name and time are the schedule's, never text the guest sent.
      const event = input.__event;
      record.load({
        name: S.text(input.name),
        email: S.text(input.email),
        phone: S.text(input.phone),
        event_name: board ? S.BOARD_GAME_NIGHT : event.title,
        event_date: S.text(input.event_date),
        event_time: board ? S.text(input.event_time) : event.time,
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
      return [mailJob('reservation_confirmation', record.getString('email')), conversionJob(record, ctx)];
    },
  },

  private_event_inquiries: {
    validate(input, today) {
      return S.validateInquiry(input, today);
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
      return [
        mailJob('inquiry_staff', staffEmail('events')),
        mailJob('inquiry_ack', record.getString('email')),
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
      return [mailJob('influencer_staff', staffEmail('collab')), mailJob('influencer_ack', record.getString('email'))];
    },
  },

  pass_confirmations: {
    validate(input, today) {
      return S.validatePassConfirmation(input, today);
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
      return [mailJob('pass_confirmation', record.getString('email'))];
    },
  },
};

/** The active events (specials and weekly entries) titled `title`, as the shared check reads them. */
function activeEvents(title) {
  return $app.findRecordsByFilter('events', 'active = true && title = {:title}', 'sort_order', 50, 0, { title }).map((r) => ({
    title: r.getString('title'),
    time: r.getString('time'),
    kind: r.getString('kind'),
    weekday: r.getInt('weekday'),
    date: r.getString('date'),
  }));
}

/** Where staff notifications go: STAFF_EMAIL, else the venue's own inbox for that topic. */
function staffEmail(topic) {
  const configured = env('STAFF_EMAIL');
  if (configured) return configured;
  return topic === 'collab' ? S.venue.contact.collabEmail : S.venue.contact.eventsEmail;
}

/**
 * A mail job names its template and recipient only: the worker renders the mail from the record
 * when it sends it (MAIL_RENDERERS), so the guest's request does not build mails and calendars.
 */
function mailJob(template, recipient) {
  return { kind: 'mail', template, recipient, payload: '{}' };
}

function reservationFields(r) {
  return {
    id: r.id,
    name: r.getString('name'),
    email: r.getString('email'),
    event_name: r.getString('event_name'),
    event_date: r.getString('event_date'),
    event_time: r.getString('event_time'),
    party_size: r.getInt('party_size'),
  };
}

function inquiryFields(r) {
  return {
    id: r.id,
    name: r.getString('name'),
    email: r.getString('email'),
    phone: r.getString('phone'),
    event_type: r.getString('event_type'),
    number_of_people: r.getInt('number_of_people') || undefined,
    budget: r.getString('budget'),
    preferred_date: r.getString('preferred_date'),
    preferred_time: r.getString('preferred_time'),
    message: r.getString('message'),
  };
}

function applicationFields(r) {
  return { id: r.id, name: r.getString('name'), email: r.getString('email'), message: r.getString('message') };
}

/** Per mail template: the mail (subject, html, text, attachments) rendered from its record. */
const MAIL_RENDERERS = {
  reservation_confirmation: (r) =>
    S.reservationConfirmationMail(Object.assign(reservationFields(r), { cancelUrl: `${siteUrl()}/cancel/${r.getString('cancel_token')}` })),
  reservation_cancelled: (r) => S.reservationCancelledMail(reservationFields(r)),
  inquiry_staff: (r) => S.inquiryStaffMail(inquiryFields(r)),
  inquiry_ack: (r) => S.inquiryAckMail(inquiryFields(r)),
  influencer_staff: (r) => S.influencerStaffMail(applicationFields(r)),
  influencer_ack: (r) => S.influencerAckMail(applicationFields(r)),
  pass_confirmation: (r) =>
    S.passConfirmationMail({
      id: r.id,
      name: r.getString('name'),
      email: r.getString('email'),
      date: r.getString('date'),
      time: r.getString('time'),
      people: r.getInt('people'),
      cost: r.getFloat('cost'),
      tax: r.getFloat('tax'),
      total: r.getFloat('total'),
    }),
};

/** The mail of a job: rendered now from its record, or as stored by an older version. */
function renderMail(app, job) {
  const stored = jobPayload(job);
  if (stored.subject) return stored;
  const render = MAIL_RENDERERS[job.getString('template')];
  if (!render) return null;
  let record;
  try {
    record = app.findRecordById(job.getString('record_collection'), job.getString('record_id'));
  } catch (_) {
    return null;
  }
  return render(record);
}

/** The Meta Conversions API event, captured at create time (the IP and UA are the guest's). */
function conversionJob(record, ctx) {
  const email = record.getString('email').trim().toLowerCase();
  return {
    kind: 'conversion',
    template: 'meta_lead',
    recipient: '',
    payload: JSON.stringify({
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
    }),
  };
}

// ---------------------------------------------------------------- create flow

/**
 * onRecordCreateRequest handler for the public collections.
 * Order matters: honeypot, then "does this id exist already" (a retry must get PocketBase's
 * duplicate answer before any capacity check), then validation, then one transaction for
 * capacity + insert + outbox jobs. Nothing here waits on mail or Meta: the answer goes out when
 * the transaction commits, and the outbox worker (woken by server/outbox.go) sends the jobs.
 */
function handleCreate(e, collection) {
  const spec = SPECS[collection];
  const body = rawBody(e);

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

  // The body as sent (no 0-for-empty coercion): 0 guests is refused like in the browser.
  const input = Object.assign({}, body);
  const errors = spec.validate(input, S.venueToday());
  if (Object.keys(errors).length > 0) return rejectFields(e, errors);
  const refused = spec.check ? spec.check(input) : null;
  if (refused) return rejectFields(e, refused);

  spec.apply(e.record, input, e, body);
  if (!e.record.id) e.record.id = $security.randomStringWithAlphabet(S.RECORD_ID_LENGTH, S.RECORD_ID_ALPHABET);
  const ctx = { ip: e.realIP(), ua: header(e, 'User-Agent').slice(0, 500) };
  // Rendered before the transaction: SQLite has one writer, so the write lock is held only for
  // the capacity count and the inserts, not for building mails and calendar files.
  const jobs = spec.jobs(e.record, ctx);

  const originalApp = e.app;
  let rejection = null;
  try {
    $app.runInTransaction((tx) => {
      e.app = tx;
      if (spec.beforeInsert) {
        rejection = spec.beforeInsert(tx, e.record);
        if (rejection) return;
      }
      e.next();
      enqueue(tx, collection, e.record.id, jobs);
    });
  } finally {
    e.app = originalApp;
  }

  // The outbox jobs committed with the record; server/outbox.go wakes the worker that sends them.
  if (rejection) return rejectFields(e, rejection.fields, rejection.message);
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

/**
 * Inserts jobs with the given app (pass the transaction's app to commit them with the record).
 * One plain INSERT per job: this runs while the create holds SQLite's only write lock, so it
 * skips the record machinery (the values are ours, not a caller's), and server/outbox.go wakes
 * the worker when the record's transaction has committed.
 */
function enqueue(app, recordCollection, recordId, jobs) {
  const now = stamp();
  jobs.forEach((job) => {
    app
      .db()
      .newQuery(
        'INSERT INTO outbox (id, kind, template, recipient, payload, record_collection, record_id, status, attempts, ' +
          "next_attempt_at, last_error, sent_at, created, updated) VALUES ({:id}, {:kind}, {:template}, {:recipient}, " +
          "{:payload}, {:c}, {:rid}, 'pending', 0, {:now}, '', '', {:now}, {:now})",
      )
      .bind({
        id: $security.randomStringWithAlphabet(S.RECORD_ID_LENGTH, S.RECORD_ID_ALPHABET),
        kind: job.kind,
        template: job.template,
        recipient: job.recipient,
        payload: typeof job.payload === 'string' ? job.payload : JSON.stringify(job.payload),
        c: recordCollection,
        rid: recordId,
        now,
      })
      .execute();
  });
}

/**
 * At start-up of `serve`: jobs still 'pending' with a future next_attempt_at were claimed by a
 * worker of the previous process (a pending job is otherwise due at once), which died with it
 * (kill -9, power loss). Their lease is released so they go out now, not in LEASE_SECONDS.
 */
function releaseStaleClaims(app) {
  const now = stamp();
  const result = app
    .db()
    .newQuery("UPDATE outbox SET next_attempt_at = {:now} WHERE status = 'pending' AND next_attempt_at > {:now}")
    .bind({ now })
    .execute();
  return result.rowsAffected();
}

function backoffSeconds(attempts) {
  const base = Math.max(1, Number(env('OUTBOX_BACKOFF_SECONDS', '30')) || 30);
  return Math.min(BACKOFF_CAP_SECONDS, base * Math.pow(2, Math.max(0, attempts - 1)));
}

/** Claims a job that is due at `now` for this worker; false when another worker has it or it isn't due. */
function claim(app, id, now) {
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
  const p = renderMail(app, job);
  if (!p) return { skipped: 'its record no longer exists (or the template is unknown), so there is nothing to send' };
  const attachments = {};
  (p.attachments || []).forEach((a) => {
    const file = $filesystem.fileFromBytes(toBytes(a.content), a.filename);
    attachments[a.filename] = file.reader.open();
  });
  // One Message-ID per job: a copy sent again (a send cut off by a crash is repeated after the
  // restart, SMTP has no idempotency key) is recognised by mail clients as the same message.
  const headers = { 'Message-ID': `<${job.id}.outbox@${siteHost()}>` };
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
  // The token travels in the body, never in the URL: a network error quotes the URL, and errors
  // are stored where every admin can read them (errorText redacts them anyway).
  const res = $http.send({
    url: `${base}/${encodeURIComponent(pixel)}/events`,
    method: 'POST',
    body: JSON.stringify({ data: [p.event], access_token: token }),
    headers: { 'content-type': 'application/json' },
    timeout: 15,
  });
  if (res.statusCode < 200 || res.statusCode >= 300) {
    throw new Error(`Meta answered ${res.statusCode}: ${toString(res.body).slice(0, 500)}`);
  }
  return { sent: true };
}

/**
 * One attempt at one job; returns 'sent' | 'skipped' | 'failed' | 'busy'. Never deletes a job.
 * `now` is the worker's clock (a superuser's flush may set it, so tests step through backoff
 * without sleeping); the next attempt is always scheduled from the real time.
 */
function processJob(app, id, now) {
  if (!claim(app, id, now || stamp())) return 'busy';
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

/** Sends every job due at `now` (default: the real time), oldest first, up to `limit`. */
function flushDue(app, limit, now) {
  const at = now || stamp();
  const jobs = app.findRecordsByFilter(
    OUTBOX,
    "(status = 'pending' || status = 'failed') && next_attempt_at <= {:now}",
    'next_attempt_at',
    limit || 100,
    0,
    { now: at },
  );
  const summary = { processed: 0, sent: 0, skipped: 0, failed: 0, busy: 0 };
  // Several workers flush at once (server/outbox.go); each starts at a random point of the due
  // list, so they seldom race for one claim (a lost race is a cheap 'busy', never a double send).
  const start = Math.floor(Math.random() * jobs.length);
  const ordered = jobs.slice(start).concat(jobs.slice(0, start));
  ordered.forEach((job) => {
    const outcome = processJob(app, job.id, at);
    summary[outcome] += 1;
    if (outcome !== 'busy') summary.processed += 1;
  });
  return summary;
}

// ---------------------------------------------------------------- staff edits of the outbox

/** What the server alone writes on an outbox job: who gets it, what it says, and its bookkeeping. */
const OUTBOX_SERVER_FIELDS = ['kind', 'template', 'recipient', 'payload', 'record_collection', 'record_id', 'attempts', 'next_attempt_at', 'last_error', 'sent_at'];

function sameValue(a, b, field) {
  if (field !== 'payload') return a.getString(field) === b.getString(field);
  const norm = (r) => {
    try {
      return JSON.stringify(JSON.parse(r.getString('payload') || 'null'));
    } catch (_) {
      return r.getString('payload');
    }
  };
  return norm(a) === norm(b);
}

/**
 * onRecordUpdateRequest for `outbox`: staff may requeue a job (status → pending, due now) and
 * nothing else. Editing its recipient or content would make the venue's SMTP a relay for
 * whoever holds a staff password; the hooks write those with app.save, not through the API.
 */
function guardOutboxUpdate(e) {
  const r = e.record;
  const before = r.original();
  const touched = OUTBOX_SERVER_FIELDS.filter((f) => !sameValue(r, before, f));
  const status = r.getString('status');
  if (touched.length > 0) {
    const errors = {};
    touched.forEach((f) => {
      errors[f] = S.MESSAGES.outboxServerField;
    });
    return rejectFields(e, errors, S.MESSAGES.outboxServerField);
  }
  if (status !== before.getString('status')) {
    if (status !== 'pending') return rejectFields(e, { status: S.MESSAGES.outboxRequeueOnly });
    r.set('next_attempt_at', stamp());
  }
  return e.next();
}

module.exports = {
  guardOutboxUpdate,
  releaseStaleClaims,
  S,
  env,
  stamp,
  siteUrl,
  handleCreate,
  rejectFields,
  nightAvailability,
  enqueue,
  flushDue,
  processJob,
  CANCEL_TOKEN_LENGTH,
};
