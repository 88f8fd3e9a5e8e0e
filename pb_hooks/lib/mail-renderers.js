/// <reference path="../../pb_data/types.d.ts" />
/**
 * The outbox's mails, rendered when a job is sent (not when a guest's request queues it): per
 * template, the record's fields in the shape of the shared mail copy (src/lib/rules/mail*.ts).
 * A job whose record is gone, or whose mail a later change has superseded, renders null.
 */
const S = require(`${__hooks}/lib/shared.js`);
const U = require(`${__hooks}/lib/util.js`);
const T = require(`${__hooks}/lib/transports.js`);

function jobPayload(job) {
  return job.payload ? JSON.parse(job.payload) : {};
}
/**
 * A reservation's mail fields; its invitation's ORGANIZER is the mail's sender (transports.js
 * mailFrom), so calendars see the invitation and its updates come from their organizer.
 */
function reservationFields(r, app) {
  const from = T.mailFrom(app || $app);
  return {
    id: r.id,
    name: r.getString('name'),
    email: r.getString('email'),
    event_name: r.getString('event_name'),
    event_date: r.getString('event_date'),
    event_time: r.getString('event_time'),
    party_size: r.getInt('party_size'),
    sequence: r.getInt('ics_sequence'),
    cancelUrl: `${U.siteUrl()}/cancel/${r.getString('cancel_token')}`,
    organizer: { name: from.name, email: from.address },
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

/**
 * Per mail template: the mail (subject, html, text, icalEvent) rendered from its record (and
 * the job's stored payload, for what the record does not hold); null when there is nothing to send.
 */
const MAIL_RENDERERS = {
  reservation_confirmation: (r, app) => S.reservationConfirmationMail(reservationFields(r, app)),
  // Only while it stays cancelled: staff may restore a reservation before its cancellation went out.
  reservation_cancelled: (r, app) =>
    r.getString('status') === 'cancelled' ? S.reservationCancelledMail(reservationFields(r, app)) : null,
  // One job per burst of changes (lib/manage.js folds changes close together into the waiting job,
  // whose payload carries the latest SEQUENCE): a later change or the cancellation (both raise
  // ics_sequence) supersedes a job not yet sent, and only the latest goes out.
  reservation_updated: (r, app, stored) =>
    r.getString('status') === 'cancelled' || (stored.sequence || 0) < r.getInt('ics_sequence') ? null : S.reservationUpdatedMail(reservationFields(r, app)),
  // Only while the reservation still stands (cancelled after the reminder was queued: nothing to send).
  reservation_reminder: (r, app) => (r.getString('status') === 'confirmed' ? S.reservationReminderMail(reservationFields(r, app)) : null),
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
  // The staff sign-in code: the code is in the payload (the OTP record holds only its hash).
  // Required here, not at the top: staff-auth.js requires the outbox, which requires this module.
  staff_sign_in_code: (r, app, stored) => require(`${__hooks}/lib/staff-auth.js`).renderCodeMail(app, r, stored),
  // The waitlist's mails (lib/waitlist-mail.js; required here for the same reason).
  waitlist_joined: (r, app) => require(`${__hooks}/lib/waitlist-mail.js`).render('joined', r, app),
  waitlist_offer: (r, app) => require(`${__hooks}/lib/waitlist-mail.js`).render('offer', r, app),
  waitlist_expired: (r, app) => require(`${__hooks}/lib/waitlist-mail.js`).render('expired', r, app),
};

/** The mail of a job: rendered now from its record, or as stored by an older version. */
function renderMail(app, job) {
  const stored = jobPayload(job);
  if (stored.subject) return stored;
  // Jobs queued before the outbox's job_key (1763700800) named their key as a suffix: 'reservation_updated:3'.
  const render = MAIL_RENDERERS[job.template.split(':')[0]];
  if (!render) return null;
  let record;
  try {
    record = app.findRecordById(job.record_collection, job.record_id);
  } catch (_) {
    return null;
  }
  return render(record, app, stored);
}

module.exports = { jobPayload, renderMail };
