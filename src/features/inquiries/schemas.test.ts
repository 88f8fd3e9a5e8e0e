import { describe, expect, it } from 'vitest';
import { BUDGET_OPTIONS, EVENT_TYPES, MESSAGES } from '../../lib/rules/limits';
import { firstErrors, firstMessage, influencerSchema } from '../../lib/rules/schemas';
import { makeInquirySchema } from '../../lib/rules/schemas';
import { emptyInquiry, inquiryLabel, isLargeGroup, PREFERRED_TIMES, toInquiryBody, type InquiryValues } from './inquiry';
import { GUESTS, INQUIRY_CHOICES } from '../../../tests/support/fixtures';

const TODAY = '2026-11-22';
const schema = makeInquirySchema(() => TODAY);

const valid: InquiryValues = {
  ...emptyInquiry,
  name: 'Katherine Johnson',
  email: 'katherine@example.test',
  phone: '(718) 555-0199',
  message: 'A 30th birthday with board games and cake.',
};

function errorsOf(values: Partial<InquiryValues>) {
  const result = schema.safeParse({ ...valid, ...values });
  return result.success ? {} : firstErrors(result.error);
}

describe('private event inquiry (SPEC §5)', () => {
  it('accepts the four required fields alone', () => {
    const result = schema.safeParse(valid);
    expect(result.success).toBe(true);
    expect(result.data).toEqual({
      name: 'Katherine Johnson',
      email: 'katherine@example.test',
      phone: '(718) 555-0199',
      message: 'A 30th birthday with board games and cake.',
    });
  });

  it('requires name, email, phone and Additional Details', () => {
    expect(errorsOf({ name: '  ', email: '', phone: '', message: ' ' })).toEqual({
      name: MESSAGES.nameRequired,
      email: MESSAGES.emailInvalid,
      phone: MESSAGES.phoneRequired,
      message: MESSAGES.detailsRequired,
    });
  });

  it('checks the email format and the length limits', () => {
    expect(errorsOf({ email: 'katherine@' }).email).toBe('Invalid email address');
    expect(errorsOf({ email: 'a..b@example.test' }).email).toBe('Invalid email address');
    expect(errorsOf({ name: 'x'.repeat(101) }).name).toBe('Name must be less than 100 characters');
    expect(errorsOf({ email: `${'a'.repeat(250)}@example.test` }).email).toBe('Email must be less than 255 characters');
    expect(errorsOf({ phone: '555' }).phone).toBe(MESSAGES.phoneInvalid);
    expect(errorsOf({ message: 'x'.repeat(2001) }).message).toBe(MESSAGES.detailsTooLong);
  });

  it('trims what it keeps', () => {
    const result = schema.parse({ ...valid, name: '  Kat  ', email: ' kat@example.test ', preferred_time: ' 8:00 PM ' });
    expect(result.name).toBe('Kat');
    expect(result.email).toBe('kat@example.test');
    expect(result.preferred_time).toBe('8:00 PM');
  });

  it('accepts each of the ten event types and the seven budgets, and nothing else', () => {
    expect(EVENT_TYPES).toHaveLength(10);
    expect(BUDGET_OPTIONS).toHaveLength(7);
    for (const t of EVENT_TYPES) expect(errorsOf({ event_type: t.id })).toEqual({});
    for (const b of BUDGET_OPTIONS) expect(errorsOf({ budget: b.id })).toEqual({});
    expect(errorsOf({ event_type: 'rave' }).event_type).toBe(MESSAGES.eventTypeInvalid);
    expect(errorsOf({ budget: 'lots' }).budget).toBe(MESSAGES.budgetInvalid);
    // Readable labels, never the raw ids.
    for (const option of [...EVENT_TYPES, ...BUDGET_OPTIONS]) expect(option.label).not.toBe(option.id);
  });

  it('takes the number of people as a whole number, optional', () => {
    expect(schema.parse({ ...valid, number_of_people: '25' }).number_of_people).toBe(25);
    expect(schema.parse({ ...valid, number_of_people: '' }).number_of_people).toBeUndefined();
    expect(errorsOf({ number_of_people: 'lots' }).number_of_people).toBe(MESSAGES.guestsWhole);
    expect(errorsOf({ number_of_people: '2.5' }).number_of_people).toBe(MESSAGES.guestsWhole);
    expect(errorsOf({ number_of_people: '0' }).number_of_people).toBe(MESSAGES.guestsMin);
  });

  it('does not refuse a group above 60: the form shows a friendly note instead', () => {
    expect(errorsOf({ number_of_people: '80' })).toEqual({});
    expect(isLargeGroup('80')).toBe(true);
    expect(isLargeGroup('60')).toBe(false);
    expect(isLargeGroup('')).toBe(false);
    expect(isLargeGroup('lots')).toBe(false);
  });

  it('keeps the preferred date optional and never before today', () => {
    expect(errorsOf({ preferred_date: '' })).toEqual({});
    expect(errorsOf({ preferred_date: TODAY })).toEqual({});
    expect(errorsOf({ preferred_date: '2027-01-15' })).toEqual({});
    expect(errorsOf({ preferred_date: '2026-11-21' }).preferred_date).toBe(MESSAGES.dateInPast);
    expect(errorsOf({ preferred_date: '2026-02-30' }).preferred_date).toBe('Invalid date format');
    expect(errorsOf({ preferred_date: '12/05/2026' }).preferred_date).toBe('Invalid date format');
  });

  it('keeps the preferred time optional, at most 50 characters', () => {
    expect(errorsOf({ preferred_time: '' })).toEqual({});
    expect(errorsOf({ preferred_time: 'x'.repeat(51) }).preferred_time).toBe('Time must be less than 50 characters');
    expect(PREFERRED_TIMES[0]).toBe('10:00 AM');
    expect(PREFERRED_TIMES).toContain('12:00 PM');
    expect(PREFERRED_TIMES.at(-1)).toBe('11:30 PM');
  });

  it('accepts groups above 60 (the form notes them) and refuses nonsense', () => {
    expect(schema.safeParse({ ...valid, number_of_people: '61' }).success).toBe(true);
    expect(schema.safeParse({ ...valid, number_of_people: '80' }).success).toBe(true);
    expect(schema.safeParse({ ...valid, number_of_people: '0' }).success).toBe(false);
    expect(schema.safeParse({ ...valid, number_of_people: 'x' }).success).toBe(false);
  });
});

describe('the inquiry record', () => {
  it('sends only what was given, with the collection field names', () => {
    const data = schema.parse({
      ...valid,
      event_type: 'birthday',
      number_of_people: '25',
      budget: '1000-2500',
      preferred_date: '2026-12-05',
      preferred_time: '8:00 PM',
    });
    expect(toInquiryBody(data)).toEqual({
      ...GUESTS.katherine,
      ...INQUIRY_CHOICES,
      preferred_date: '2026-12-05',
      preferred_time: '8:00 PM',
      message: 'A 30th birthday with board games and cake.',
      website: '',
    });
    expect(inquiryLabel(data)).toBe('Private event inquiry · Birthday Party · Saturday, December 5 · 25 guests');
    const minimal = toInquiryBody(schema.parse(valid));
    expect(Object.keys(minimal).sort()).toEqual(['email', 'message', 'name', 'phone', 'website']);
  });

  it('sends a group above 60 as it is: the form notes the size, the server accepts it', () => {
    const body = toInquiryBody(schema.parse({ ...valid, number_of_people: '80' }));
    expect(body.number_of_people).toBe(80);
    expect(body.message).toBe('A 30th birthday with board games and cake.');
  });

  it('passes the honeypot through untouched', () => {
    expect(toInquiryBody(schema.parse(valid), 'http://spam.example').website).toBe('http://spam.example');
  });
});

describe('influencer application (SPEC §5)', () => {
  const app = { name: 'Hedy Lamarr', email: 'hedy@example.test', message: 'I post weekly board game reels.' };
  const first = (values: Partial<typeof app>) => {
    const result = influencerSchema.safeParse({ ...app, ...values });
    return result.success ? '' : firstMessage(result.error);
  };

  it('accepts a valid application, trimmed', () => {
    expect(influencerSchema.parse({ name: ' Hedy ', email: ' hedy@example.test ', message: '  0123456789  ' })).toEqual({
      name: 'Hedy',
      email: 'hedy@example.test',
      message: '0123456789',
    });
  });

  it('refuses each rule with its exact message', () => {
    expect(first({ name: '   ' })).toBe('Name is required');
    expect(first({ name: 'x'.repeat(101) })).toBe('Name must be less than 100 characters');
    expect(first({ email: 'hedy' })).toBe('Invalid email address');
    expect(first({ email: `${'h'.repeat(250)}@example.test` })).toBe('Email must be less than 255 characters');
    expect(first({ message: '123456789' })).toBe('Message must be at least 10 characters');
    expect(first({ message: '   123456789   ' })).toBe('Message must be at least 10 characters');
    expect(first({ message: 'x'.repeat(2001) })).toBe(MESSAGES.messageTooLong);
    expect(first({ message: 'x'.repeat(2000) })).toBe('');
  });

  it('reports the first failing field in form order: name, email, message', () => {
    expect(first({ name: '', email: 'x', message: 'short' })).toBe('Name is required');
    expect(first({ email: 'x', message: 'short' })).toBe('Invalid email address');
  });
});
