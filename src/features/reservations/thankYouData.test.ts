import { describe, expect, it } from 'vitest';
import { captureAttribution } from '../attribution';
import { confirmationFor, RESERVATION_DETAILS_KEY, resolveThankYouData, saveReservationDetails, thankYouHref } from './thankYouData';

const stateDetails = {
  eventName: 'Board Game Night',
  eventDate: 'Saturday, December 5, 2026',
  eventTime: '7:00 PM',
  email: 'state@example.com',
  name: 'From State',
};
const sessionDetails = { ...stateDetails, email: 'session@example.com', name: 'From Session' };
const query = '?eventName=Music+Trivia&date=2026-12-05&time=10PM&email=query%40example.com&name=From+Query';

describe('thank-you data precedence', () => {
  it('uses navigation state first', () => {
    saveReservationDetails(sessionDetails);
    const r = resolveThankYouData({ state: stateDetails, storage: sessionStorage, search: query });
    expect(r).toEqual({ details: stateDetails, source: 'state' });
  });

  it('then the reservationDetails session entry', () => {
    saveReservationDetails(sessionDetails);
    expect(JSON.parse(sessionStorage.getItem(RESERVATION_DETAILS_KEY)!)).toEqual(sessionDetails);
    const r = resolveThankYouData({ state: null, storage: sessionStorage, search: query });
    expect(r).toEqual({ details: sessionDetails, source: 'session' });
  });

  it('then the query (date and time are accepted as aliases; ISO dates become long dates)', () => {
    const r = resolveThankYouData({ state: undefined, storage: sessionStorage, search: query });
    expect(r).toEqual({
      source: 'query',
      details: {
        eventName: 'Music Trivia',
        eventDate: 'Saturday, December 5, 2026',
        eventTime: '10PM',
        email: 'query@example.com',
        name: 'From Query',
      },
    });
    const named = resolveThankYouData({ search: '?eventName=X&eventDate=2026-12-06&date=2026-12-05&eventTime=7pm&time=8pm' });
    expect(named.details).toMatchObject({ eventDate: 'Sunday, December 6, 2026', eventTime: '7pm' });
  });

  it('skips empty or malformed sources', () => {
    sessionStorage.setItem(RESERVATION_DETAILS_KEY, '{not json');
    const r = resolveThankYouData({ state: { unrelated: true }, storage: sessionStorage, search: query });
    expect(r.source).toBe('query');
    expect(resolveThankYouData({ search: '' })).toMatchObject({ source: 'none', details: { eventName: '' } });
  });

  it('builds the thank-you URL with the details and the tracking parameters', () => {
    captureAttribution('https://example.com/?gclid=g1&utm_source=google&utm_campaign=fall');
    const href = thankYouHref({ eventName: 'Board Game Night', eventDateIso: '2026-12-05', eventTime: '7:00 PM', email: 'a@b.co', name: 'Ada' });
    const url = new URL(href, 'https://example.com');
    expect(url.pathname).toBe('/reservation-thank-you');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      eventName: 'Board Game Night',
      eventDate: '2026-12-05',
      eventTime: '7:00 PM',
      email: 'a@b.co',
      name: 'Ada',
      gclid: 'g1',
      utm_source: 'google',
      utm_campaign: 'fall',
    });
  });
});

describe('confirmationFor', () => {
  it('turns a stored reservation into the thank-you details and link', () => {
    const { details, href } = confirmationFor({
      event_name: 'Board Game Night',
      event_date: '2026-12-05',
      event_time: '7:30 PM',
      email: 'ada@example.test',
      name: 'Ada',
    });
    expect(details).toEqual({ eventName: 'Board Game Night', eventDate: 'Saturday, December 5, 2026', eventTime: '7:30 PM', email: 'ada@example.test', name: 'Ada' });
    const query = new URL(href, 'http://x').searchParams;
    expect(new URL(href, 'http://x').pathname).toBe('/reservation-thank-you');
    expect([query.get('eventName'), query.get('eventDate'), query.get('eventTime'), query.get('email'), query.get('name')]).toEqual([
      'Board Game Night',
      '2026-12-05',
      '7:30 PM',
      'ada@example.test',
      'Ada',
    ]);
  });
});
