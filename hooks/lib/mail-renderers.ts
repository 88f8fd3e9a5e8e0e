/**
 * The outbox's mails, rendered when a job is sent (not when a guest's request queues it): per
 * template, the record's fields in the shape of the shared mail copy (hooks/rules).
 * A job whose record is gone, or whose mail a later change has superseded, renders null.
 */
import * as S from '../rules';
import * as U from './util';
import * as T from './transports';
import { renderCodeMail, type CodePayload } from './staff-code-mail';
import * as WM from './waitlist-mail';

/** What a job's payload may hold: a conversion's event, an update's SEQUENCE, a code, or (older jobs) the mail itself. */
export interface JobPayload extends Partial<CodePayload>, Partial<T.RenderedMail> {
  event?: unknown;
  sequence?: number;
}

export function jobPayload(job: { payload: string }): JobPayload {
  return job.payload ? (JSON.parse(job.payload) as JobPayload) : {};
}
/**
 * A reservation's mail fields; its invitation's ORGANIZER is the mail's sender (transports.ts
 * mailFrom), so calendars see the invitation and its updates come from their organizer.
 */
function reservationFields(r: core.Record, app: CoreApp): S.ReservationMailInput {
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

function inquiryFields(r: core.Record): S.InquiryMailInput {
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

function applicationFields(r: core.Record): S.InfluencerMailInput {
  return { id: r.id, name: r.getString('name'), email: r.getString('email'), message: r.getString('message') };
}

type Renderer = (r: core.Record, app: CoreApp, stored: JobPayload) => T.RenderedMail | null;

/**
 * Per mail template: the mail (subject, html, text, icalEvent) rendered from its record (and
 * the job's stored payload, for what the record does not hold); null when there is nothing to send.
 */
const MAIL_RENDERERS: Record<string, Renderer> = {
  reservation_confirmation: (r, app) => S.reservationConfirmationMail(reservationFields(r, app)),
  // Only while it stays cancelled: staff may restore a reservation before its cancellation went out.
  reservation_cancelled: (r, app) =>
    r.getString('status') === 'cancelled' ? S.reservationCancelledMail(reservationFields(r, app)) : null,
  // One job per burst of changes (lib/manage.ts folds changes close together into the waiting job,
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
  staff_sign_in_code: (r, app, stored) => renderCodeMail(app, r, stored),
  // The waitlist's mails (lib/waitlist-mail.ts).
  waitlist_joined: (r, app) => WM.render('joined', r, app),
  waitlist_offer: (r, app) => WM.render('offer', r, app),
  waitlist_expired: (r, app) => WM.render('expired', r, app),
};

/** The mail of a job: rendered now from its record, or as stored by an older version. */
export function renderMail(app: CoreApp, job: { template: string; payload: string; record_collection: string; record_id: string }): T.RenderedMail | null {
  const stored = jobPayload(job);
  if (stored.subject) return stored as T.RenderedMail;
  // Jobs queued before the outbox's job_key (1763700800) named their key as a suffix: 'reservation_updated:3'.
  const render = MAIL_RENDERERS[job.template.split(':')[0] ?? ''];
  if (!render) return null;
  let record: core.Record;
  try {
    record = app.findRecordById(job.record_collection, job.record_id);
  } catch (_) {
    return null;
  }
  return render(record, app, stored);
}
