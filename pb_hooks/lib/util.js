/// <reference path="../../pb_data/types.d.ts" />
/**
 * Small helpers every hook module shares: environment, PocketBase datetimes, the site URL,
 * error text with secrets redacted, the request body as sent, and PocketBase-shaped refusals.
 * (CommonJS, loaded with require() inside handlers: pooled VMs don't see a file's top level.)
 */
const S = require(`${__hooks}/lib/shared.js`);
const ALNUM = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const CANCEL_TOKEN_LENGTH = S.CANCEL_TOKEN_LENGTH;

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

/**
 * Runs fn (a write transaction) when the write transactions that asked before it are done, first
 * come first served ($inWriteTurn, server/writeturn.go): SQLite's one write connection otherwise
 * goes to a random waiter, and a burst leaves some guests waiting for all the others. Call it
 * outside any transaction. Without the binding (a server built without it) fn runs at once.
 */
function inWriteTurn(fn) {
  return typeof $inWriteTurn === 'function' ? $inWriteTurn(fn) : fn();
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
  if (request && isJson(e)) {
    try {
      const parsed = JSON.parse(toString(request.body));
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return withNumbersOutOfRange(e, parsed);
    } catch (_) {
      // not JSON after all: fall back to what PocketBase read
    }
  }
  return e.requestInfo().body || {};
}

/** True when the request says its body is JSON (the only encoding public writes take). */
function isJson(e) {
  return header(e, 'Content-Type').toLowerCase().indexOf('application/json') === 0;
}

/**
 * Puts back the fields whose JSON number no double holds (1e400): server/bodies.go sent them on as
 * null, because neither PocketBase's decoder nor JSON.parse reads them, and named them with their
 * sign. As ±Infinity the field's own rule refuses them with its message ("Maximum 20 people").
 */
function withNumbersOutOfRange(e, body) {
  let marks = '';
  try {
    marks = str(e.get('venueNumbersOutOfRange'));
  } catch (_) {
    marks = '';
  }
  if (!marks) return body;
  const signs = JSON.parse(marks);
  Object.keys(signs).forEach((field) => {
    body[field] = signs[field] < 0 ? -Infinity : Infinity;
  });
  return body;
}

/** 415 for a public write sent as a form or multipart body: those turn "2" into 2 before any rule reads it. */
function refuseNotJson(e) {
  return e.json(415, { status: 415, message: S.REQUEST_MESSAGES.jsonOnly, data: {} });
}

/**
 * Answers a rejected create like PocketBase does, but with our exact messages, and with the
 * refusal's stable code (S.REFUSALS) as `code` when it has one: `code` when the caller knows it
 * (a capacity refusal), else the code of the first field's fixed message (a past date, an unknown event).
 */
function rejectFields(e, errors, message, code) {
  const data = {};
  let first = '';
  Object.keys(errors).forEach((field) => {
    if (!first) first = errors[field];
    data[field] = { code: 'validation_invalid_value', message: errors[field] };
  });
  const answer = { status: 400, message: message || first, data };
  const refusal = code || S.refusalCode(errors);
  if (refusal) answer.code = refusal;
  return e.json(400, answer);
}

/**
 * A mail job names its template and recipient only: the outbox worker renders the mail from the
 * record when it sends it (lib/mail-renderers.js), so a guest's request does not build mails and calendars.
 */
function mailJob(template, recipient) {
  return { kind: 'mail', template, recipient, payload: '{}' };
}

/** The guest's own fields of a board game night form, as stored (reservations, the waitlist). */
function guestFields(input) {
  return { name: S.text(input.name), email: S.text(input.email), phone: S.text(input.phone) };
}

/**
 * The record behind a mail link's token (a reservation's cancel_token, a waitlist entry's token),
 * or null. A malformed token is never looked up.
 */
function recordByToken(app, collection, field, token) {
  if (!S.CANCEL_TOKEN_PATTERN.test(token)) return null;
  try {
    return app.findFirstRecordByData(collection, field, token);
  } catch (_) {
    return null;
  }
}

/**
 * What the manage link (/cancel/{token}) shows of its reservation: the look-up, the change and
 * the cancel all answer with it. can_change: still confirmed and its venue night not passed.
 */
function cancelSummary(r) {
  const summary = {
    event_name: r.getString('event_name'),
    event_date: r.getString('event_date'),
    event_time: r.getString('event_time'),
    party_size: r.getInt('party_size'),
    status: r.getString('status'),
    name: r.getString('name'),
  };
  summary.is_board_game_night = S.isBoardGameNight(summary.event_name);
  summary.can_change = S.canChangeReservation(summary, S.venueNight());
  return summary;
}

module.exports = {
  inWriteTurn,
  recordByToken,
  CANCEL_TOKEN_LENGTH,
  cancelSummary,
  mailJob,
  guestFields,
  env,
  stamp,
  stampIn,
  siteHost,
  siteUrl,
  str,
  errorText,
  redactSecrets,
  log,
  randomToken,
  recordExists,
  header,
  rawBody,
  isJson,
  refuseNotJson,
  rejectFields,
};
