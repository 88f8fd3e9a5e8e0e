/**
 * The outbox's mail renderer (hooks/outbox/render.ts), which the Go outbox calls once per mail job
 * with plain data: who sends, what a later change supersedes, and what a look-up decides.
 */
import { describe, expect, it } from 'vitest';
import { mailFrom, renderOutboxMail, type RenderInput } from './render';
import { venue } from '../../src/content/venue';

const reservation = { id: 'r1', name: 'Ada', email: 'ada@example.test', event_name: 'Board Game Night', event_date: '2026-12-03', event_time: '7:00 PM', party_size: 4, ics_sequence: 2, cancel_token: 'tok1', status: 'confirmed' };
const input = (over: Partial<RenderInput>): RenderInput => ({
  template: 'reservation_confirmation',
  payload: {},
  record: reservation,
  siteUrl: 'https://venue.example',
  mailFromEnv: '',
  sender: { address: '', name: '' },
  ...over,
});

describe('renderOutboxMail', () => {
  it('sends from MAIL_FROM, else the sender settings, else the venue, and the invitation names that organizer', () => {
    expect(mailFrom(input({ mailFromEnv: '"The Venue" <hello@venue.example>' }))).toEqual({ address: 'hello@venue.example', name: 'The Venue' });
    expect(mailFrom(input({ mailFromEnv: 'hello@venue.example' }))).toEqual({ address: 'hello@venue.example', name: venue.name });
    expect(mailFrom(input({ sender: { address: 'desk@venue.example', name: 'Desk' } }))).toEqual({ address: 'desk@venue.example', name: 'Desk' });
    expect(mailFrom(input({}))).toEqual({ address: venue.contact.email, name: venue.name });
    const { mail } = renderOutboxMail(input({ mailFromEnv: 'Desk <desk@venue.example>' }));
    expect(mail!.icalEvent!.content).toContain('desk@venue.example');
    expect(mail!.text).toContain('https://venue.example/cancel/tok1');
  });

  it('renders nothing for an update a later change superseded, a cancellation staff undid, or a gone record', () => {
    expect(renderOutboxMail(input({ template: 'reservation_updated', payload: { sequence: 1 } })).mail).toBeNull();
    expect(renderOutboxMail(input({ template: 'reservation_updated', payload: { sequence: 2 } })).mail!.subject).toMatch(/^Updated:/);
    expect(renderOutboxMail(input({ template: 'reservation_updated:2', payload: { sequence: 2 } })).mail).not.toBeNull();
    expect(renderOutboxMail(input({ template: 'reservation_cancelled' })).mail).toBeNull();
    expect(renderOutboxMail(input({ template: 'reservation_cancelled', record: { ...reservation, status: 'cancelled' } })).mail!.subject).toMatch(/^Cancelled:/);
    expect(renderOutboxMail(input({ record: null })).mail).toBeNull();
    expect(renderOutboxMail(input({ template: 'no_such_template' })).mail).toBeNull();
  });

  it('sends a mail stored by an older version as it is', () => {
    const stored = { subject: 'Stored', html: '<p>old</p>', text: 'old' };
    expect(renderOutboxMail(input({ payload: stored, record: null })).mail).toEqual(stored);
  });

  it('uses the look-ups: the place in line, and a sign-in code only while valid', () => {
    const entry = { name: 'Ada', event_date: '2026-12-03', event_time: '7:00 PM', party_size: 2, token: 'w1', status: 'waiting' };
    expect(renderOutboxMail(input({ template: 'waitlist_joined', record: entry, ahead: 4 })).mail!.subject).toContain('number 5 in line');
    expect(renderOutboxMail(input({ template: 'waitlist_joined', record: { ...entry, status: 'claimed' }, ahead: 0 })).mail).toBeNull();
    const code = { otpId: 'o1', code: '123456' };
    const staff = { email: 'staff@example.test' };
    expect(renderOutboxMail(input({ template: 'staff_sign_in_code', payload: code, record: staff, otpValid: false })).mail).toBeNull();
    expect(renderOutboxMail(input({ template: 'staff_sign_in_code', payload: code, record: staff, otpValid: true })).mail!.text).toContain('123456');
  });
});
