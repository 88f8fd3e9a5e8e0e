/// <reference path="../../pb_data/types.d.ts" />
/**
 * The outbox worker: jobs are queued in the record's own transaction (enqueue), and sent later
 * by flushDue, which server/outbox.go runs after each commit and every few seconds (and the
 * every-minute cron as a fallback). Claims keep concurrent workers off one job; failures retry
 * with backoff; nothing is deleted. Mails are rendered from their record at send time. Staff
 * may requeue a job and change nothing else (guardOutboxUpdate).
 */
const S = require(`${__hooks}/lib/shared.js`);
const U = require(`${__hooks}/lib/util.js`);
const T = require(`${__hooks}/lib/transports.js`);

const OUTBOX = 'outbox';
/** A claimed job is left alone by other workers for this long (a send in flight). */
const LEASE_SECONDS = 600;
/** Longest wait between two attempts of one job. */
const BACKOFF_CAP_SECONDS = 3600;

/**
 * Inserts jobs with the given app (pass the transaction's app to commit them with the record).
 * One plain INSERT per job: this runs while the create holds SQLite's only write lock, so it
 * skips the record machinery (the values are ours, not a caller's), and server/outbox.go wakes
 * the worker when the record's transaction has committed.
 */
function enqueue(app, recordCollection, recordId, jobs) {
  const now = U.stamp();
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
  const now = U.stamp();
  const result = app
    .db()
    .newQuery("UPDATE outbox SET next_attempt_at = {:now} WHERE status = 'pending' AND next_attempt_at > {:now}")
    .bind({ now })
    .execute();
  return result.rowsAffected();
}

function backoffSeconds(attempts) {
  const base = Math.max(1, Number(U.env('OUTBOX_BACKOFF_SECONDS', '30')) || 30);
  return Math.min(BACKOFF_CAP_SECONDS, base * Math.pow(2, Math.max(0, attempts - 1)));
}

/** Claims a job that is due at `now` for this worker; false when another worker has it or it isn't due. */
function claim(app, id, now) {
  const result = app
    .db()
    .newQuery(
      "UPDATE outbox SET next_attempt_at = {:lease} WHERE id = {:id} AND status IN ('pending', 'failed') AND next_attempt_at <= {:now}",
    )
    .bind({ id, now, lease: U.stampIn(LEASE_SECONDS) })
    .execute();
  return result.rowsAffected() === 1;
}

function jobPayload(job) {
  const raw = job.getString('payload');
  return raw ? JSON.parse(raw) : {};
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
    S.reservationConfirmationMail(Object.assign(reservationFields(r), { cancelUrl: `${U.siteUrl()}/cancel/${r.getString('cancel_token')}` })),
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

/** Sends one job: a mail rendered now from its record, or the conversion event it carries. */
function attempt(app, job) {
  if (job.getString('kind') !== 'mail') return T.sendConversion(jobPayload(job).event);
  if (!T.smtpConfigured(app)) return { skipped: 'SMTP is not configured (set SMTP_HOST); the mail is kept unsent in the outbox' };
  const mail = renderMail(app, job);
  if (!mail) return { skipped: 'its record no longer exists (or the template is unknown), so there is nothing to send' };
  return T.sendMail(app, job.getString('recipient'), mail, job.id);
}

/**
 * One attempt at one job; returns 'sent' | 'skipped' | 'failed' | 'busy'. Never deletes a job.
 * `now` is the worker's clock (a superuser's flush may set it, so tests step through backoff
 * without sleeping); the next attempt is always scheduled from the real time.
 */
function processJob(app, id, now) {
  if (!claim(app, id, now || U.stamp())) return 'busy';
  const job = app.findRecordById(OUTBOX, id);
  let outcome;
  try {
    outcome = attempt(app, job);
  } catch (err) {
    outcome = { error: U.errorText(err) };
  }
  const attempts = job.getInt('attempts');
  if (outcome.sent) {
    job.load({ status: 'sent', attempts: attempts + 1, last_error: '', sent_at: U.stamp() });
  } else if (outcome.skipped) {
    U.log().warn('outbox job skipped', 'id', id, 'template', job.getString('template'), 'reason', outcome.skipped);
    // Also on the console, so an operator running without SMTP sees that mail is not going out.
    console.log(`outbox job skipped: ${job.getString('template')} ${id}: ${outcome.skipped}`);
    job.load({ status: 'skipped', last_error: outcome.skipped });
  } else {
    const next = attempts + 1;
    U.log().warn('outbox job failed; will retry', 'id', id, 'template', job.getString('template'), 'attempts', next, 'error', outcome.error);
    job.load({ status: 'failed', attempts: next, last_error: outcome.error, next_attempt_at: U.stampIn(backoffSeconds(next)) });
  }
  app.save(job);
  return outcome.sent ? 'sent' : outcome.skipped ? 'skipped' : 'failed';
}

/** Sends every job due at `now` (default: the real time), oldest first, up to `limit`. */
function flushDue(app, limit, now) {
  const at = now || U.stamp();
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
    return U.rejectFields(e, errors, S.MESSAGES.outboxServerField);
  }
  if (status !== before.getString('status')) {
    if (status !== 'pending') return U.rejectFields(e, { status: S.MESSAGES.outboxRequeueOnly });
    r.set('next_attempt_at', U.stamp());
  }
  return e.next();
}

module.exports = { enqueue, releaseStaleClaims, processJob, flushDue, guardOutboxUpdate };
