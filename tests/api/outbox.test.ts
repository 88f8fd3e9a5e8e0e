/**
 * Outbox: mail content and a parseable .ics, staff notifications and acknowledgements,
 * the Meta conversion payload, and "a repeated id stores and mails once".
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  boardGameBody,
  dayFromToday,
  eventBody,
  influencerBody,
  inquiryBody,
  META,
  passBody,
  post,
  STAFF_EMAIL,
  venuePerFile,
} from '../support/api-fixtures';
import { icsOf } from '../support/ics-mail';
import { venue } from '../../src/content/venue';
import { toIcsUtc, venueDateTimeToUtc } from '../../src/lib/venueTime';

const v = venuePerFile({ relaxed: true });

const create = (collection: string, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  post(`${v.url}/api/collections/${collection}/records`, body, headers);

describe('guest confirmation mail', () => {
  it('has the details, the address, the support-the-bar rule, a cancel link and an .ics in UTC', async () => {
    // Within the booking horizon; the EST/EDT conversion itself is unit-tested (venueTime.test.ts).
    const date = dayFromToday(50);
    const body = boardGameBody({ event_date: date, email: 'winter@example.test', name: 'Winter <Guest>', party_size: 3 });
    expect((await create('reservations', body)).status).toBe(200);
    const [mail] = await v.smtp!.waitFor(1, (m) => m.envelope.to.includes('winter@example.test'));
    const p = mail!.parsed;
    expect(p.from?.address).toBe('games@example.test');
    expect(p.subject).toContain('Board Game Night');
    const longDate = new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
    for (const part of [p.text!, p.html!]) {
      expect(part).toContain(longDate);
      expect(part).toContain('7:30 PM');
      expect(part).toContain('3 people');
      expect(part).toContain(venue.address.oneLine);
      expect(part).toContain(venue.name);
      expect(part).toMatch(/\/cancel\/[A-Za-z0-9]{48}/);
    }
    expect(p.text).toContain(venue.pricing.supportTheBar);
    expect(p.text).toContain(venue.pricing.barMinimum);
    // user text is escaped in HTML
    expect(p.html).toContain('Winter &lt;Guest&gt;');
    expect(p.html).not.toContain('Winter <Guest>');

    const { get } = icsOf(mail!);
    const start = venueDateTimeToUtc(date, '7:30 PM')!;
    expect(get('DTSTART')!.value).toBe(toIcsUtc(start));
    expect(get('DTEND')!.value).toBe(toIcsUtc(new Date(start.getTime() + 2 * 3600_000)));
    expect(get('SUMMARY')!.value).toBe(`Board Game Night at ${venue.name}`);
    expect(get('LOCATION')!.value).toContain('10 Cooper Street\\, Brooklyn');
    expect(get('UID')!.value).toContain(body.id as string);
    expect(get('URL')!.value).toMatch(new RegExp(`^${v.url}/cancel/[A-Za-z0-9]{48}$`));
  });

  it("reads an event's free-text schedule time ('7pm-11pm') into the .ics", async () => {
    const date = dayFromToday(20);
    await v.su.collection('events').create({ kind: 'special', title: 'Free Text Time Night', date, time: '7pm-11pm', active: true });
    expect((await create('reservations', eventBody({ event_name: 'Free Text Time Night', event_date: date, event_time: 'any', email: 'summer@example.test' }))).status).toBe(200);
    const [mail] = await v.smtp!.waitFor(1, (m) => m.envelope.to.includes('summer@example.test'));
    const { get } = icsOf(mail!);
    const start = venueDateTimeToUtc(date, '7pm')!;
    expect(get('DTSTART')!.value).toBe(toIcsUtc(start));
    expect(get('DTEND')!.value).toBe(toIcsUtc(new Date(start.getTime() + 2 * 3600_000)));
    expect(get('SUMMARY')!.value).toBe(`Free Text Time Night at ${venue.name}`);
    // event reservations show no party size
    expect(mail!.parsed.text).not.toContain('Party size');
  });
});

describe('idempotent creates', () => {
  it('a repeated id stores once and mails once', async () => {
    const body = boardGameBody({ email: 'repeat@example.test' });
    expect((await create('reservations', body)).status).toBe(200);
    for (let i = 0; i < 3; i++) {
      const again = await create('reservations', body);
      expect(again.status).toBe(400);
      expect(again.json.data.id.code).toBe('validation_not_unique');
    }
    await v.smtp!.waitFor(1, (m) => m.envelope.to.includes('repeat@example.test'));
    await v.settle(`record_id = "${body.id}"`);
    expect(v.smtp!.to('repeat@example.test')).toHaveLength(1);
    expect((await v.su.collection('reservations').getFullList({ filter: 'email = "repeat@example.test"' })).length).toBe(1);
    expect((await v.su.collection('outbox').getFullList({ filter: `record_id = "${body.id}"` })).length).toBe(2);
  });

  it('a repeated monthly pass confirmation stores and mails nothing new', async () => {
    const body = passBody({ email: 'pass@example.test' });
    expect((await create('pass_confirmations', body)).status).toBe(200);
    expect((await create('pass_confirmations', body)).json.data.id.code).toBe('validation_not_unique');
    const [mail] = await v.smtp!.waitFor(1, (m) => m.envelope.to.includes('pass@example.test'));
    expect(mail!.parsed.text).toContain('$43.55');
    expect(mail!.parsed.text).toContain('2 people');
    expect(mail!.parsed.text).toContain(venue.monthlyPass.promoCode);
    await v.settle(`record_id = "${body.id}"`);
    expect(v.smtp!.to('pass@example.test')).toHaveLength(1);
  });
});

describe('inquiries and applications', () => {
  it('an inquiry mails staff (reply-to the guest) and acknowledges the guest with the 24-hour promise', async () => {
    const body = inquiryBody({ email: 'party@example.test', name: 'Party Planner' });
    expect((await create('private_event_inquiries', body)).status).toBe(200);
    const [staff] = await v.smtp!.waitFor(1, (m) => m.envelope.to.includes(STAFF_EMAIL) && /Party Planner/.test(m.parsed.subject ?? ''));
    expect(staff!.parsed.subject).toContain('Birthday Party');
    expect(staff!.parsed.text).toContain('(718) 555-0199');
    expect(staff!.parsed.text).toContain('$1,000 – $2,500');
    expect(staff!.parsed.text).toContain(body.message as string);
    expect(staff!.parsed.replyTo?.[0]?.address).toBe('party@example.test');
    const [ack] = await v.smtp!.waitFor(1, (m) => m.envelope.to.includes('party@example.test'));
    expect(ack!.parsed.text).toContain('within 24 hours');
    expect(ack!.parsed.text).toContain(venue.contact.eventsEmail);
  });

  it('an influencer application mails staff and acknowledges the applicant', async () => {
    expect((await create('influencer_applications', influencerBody({ email: 'creator@example.test', name: 'Creator' }))).status).toBe(200);
    const [staff] = await v.smtp!.waitFor(1, (m) => m.envelope.to.includes(STAFF_EMAIL) && /Creator/.test(m.parsed.subject ?? ''));
    expect(staff!.parsed.text).toContain('20k followers');
    const [ack] = await v.smtp!.waitFor(1, (m) => m.envelope.to.includes('creator@example.test'));
    expect(ack!.parsed.text).toContain('within a few days');
  });
});

describe('Meta conversion', () => {
  it('posts a Lead with the hashed email, real IP and user agent, event id = record id', async () => {
    v.meta.clear();
    const body = boardGameBody({ email: '  Mixed.Case@Example.TEST ' });
    const res = await create('reservations', body, { 'user-agent': 'VenueTest/1.0 (conversion)' });
    expect(res.status).toBe(200);
    const [req] = await v.meta.waitFor(1);
    expect(req!.method).toBe('POST');
    expect(req!.path).toBe(`/${META.pixel}/events`);
    // the token is in the body, never in the URL (URLs end up in errors and logs)
    expect(req!.query.get('access_token')).toBeNull();
    expect(req!.url).not.toContain(META.token);
    const payload = req!.json as { data: Array<Record<string, any>>; access_token: string };
    expect(payload.access_token).toBe(META.token);
    expect(payload.data).toHaveLength(1);
    const event = payload.data[0]!;
    const expectedHash = createHash('sha256').update('mixed.case@example.test').digest('hex');
    expect(event).toEqual({
      event_name: 'Lead',
      event_time: expect.any(Number),
      event_id: body.id,
      action_source: 'website',
      event_source_url: body.event_source_url,
      user_data: { em: [expectedHash], client_ip_address: '127.0.0.1', client_user_agent: 'VenueTest/1.0 (conversion)' },
      custom_data: { value: 0, currency: 'USD' },
    });
    expect(Math.abs(event.event_time - Date.now() / 1000)).toBeLessThan(60);
    expect(req!.body).not.toContain('mixed.case@example.test');
  });

  it('sends one for inquiries too, none for applications or passes', async () => {
    v.meta.clear();
    const inquiry = inquiryBody();
    await create('private_event_inquiries', inquiry);
    await create('influencer_applications', influencerBody());
    await create('pass_confirmations', passBody());
    await v.meta.waitFor(1);
    await v.settle();
    expect(v.meta.requests.map((r) => (r.json as any).data[0].event_id)).toEqual([inquiry.id]);
  });
});
