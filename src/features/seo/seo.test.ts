import { describe, expect, it } from 'vitest';
import { articles } from '../../content/blog';
import { faq } from '../../content/faq';
import { venue } from '../../content/venue';
import { eventsJsonLd, upcomingEventsUrl } from './events';
import { pageHead } from './head';
import { eventJsonLd, faqJsonLd, venueJsonLd, venueLocalDateTime } from './jsonLd';

const SITE = 'https://tinycupboard.test';
const route = (path: string, isPublic = true) => ({ path, title: `T ${path}`, description: `D ${path}`, public: isPublic });

describe('structured data', () => {
  it('describes the venue as a bar with address, geo and opening hours from venue.ts', () => {
    const data = venueJsonLd(SITE);
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'BarOrPub',
      name: venue.name,
      url: `${SITE}/`,
      address: { '@type': 'PostalAddress', streetAddress: venue.address.street, postalCode: venue.address.postalCode, addressRegion: 'NY' },
      geo: { '@type': 'GeoCoordinates', latitude: venue.address.geo.latitude, longitude: venue.address.geo.longitude },
      hasMenu: `${SITE}/menu`,
    });
    const hours = (data.openingHoursSpecification as { dayOfWeek: string[]; opens: string; closes: string }[])[0]!;
    expect(hours.dayOfWeek).toHaveLength(7);
    expect(hours).toMatchObject({ opens: venue.hours.opens, closes: venue.hours.closes });
  });

  it('lists all 17 FAQ entries as questions with absolute links', () => {
    const data = faqJsonLd(faq, SITE) as { '@type': string; mainEntity: { name: string; acceptedAnswer: { text: string } }[] };
    expect(data['@type']).toBe('FAQPage');
    expect(data.mainEntity).toHaveLength(17);
    const howTo = data.mainEntity.find((q) => q.name === 'How do I reserve a table?')!;
    expect(howTo.acceptedAnswer.text).toContain(`(${SITE}/board-game-night)`);
  });

  it('writes event start times in New York time with the right offset', () => {
    expect(venueLocalDateTime('2026-12-17', '7pm')).toBe('2026-12-17T19:00:00-05:00');
    expect(venueLocalDateTime('2027-07-04', '7:30 PM')).toBe('2027-07-04T19:30:00-04:00');
    expect(venueLocalDateTime('2026-12-17', 'evening')).toBeNull();
    const event = eventJsonLd({ title: 'Draft', date: '2026-12-19', time: '1pm', price: '$25 at the door', description: 'Cards.' }, SITE)!;
    expect(event).toMatchObject({
      '@type': 'Event',
      name: 'Draft',
      startDate: '2026-12-19T13:00:00-05:00',
      isAccessibleForFree: false,
      offers: { price: '25', priceCurrency: 'USD' },
      location: { address: { streetAddress: venue.address.street } },
    });
    expect(eventsJsonLd([{ title: 'Free night', date: '2026-12-31', time: '8pm' }, { title: 'Bad', date: 'soon', time: '8pm' }], SITE)).toHaveLength(1);
    expect(new URL(upcomingEventsUrl('2026-11-22'), SITE).searchParams.get('filter')).toBe("kind = 'special' && active = true && date >= '2026-11-22'");
  });
});

describe('page heads', () => {
  it('gives the home page the venue and website data, and a canonical URL', () => {
    const head = pageHead(route('/'), '/', SITE);
    expect(head.jsonLd.map((d) => d['@type'])).toEqual(['BarOrPub', 'WebSite']);
    expect(head.path).toBe('/');
    expect(head.noindex).toBeUndefined();
    expect(head.title).toBe(`T / | ${venue.name}`);
  });

  it('uses the article for /blog/:slug and a 404 head for an unknown slug', () => {
    const article = articles[0]!;
    const head = pageHead(route('/blog/:slug'), `/blog/${article.slug}/`, SITE);
    expect(head).toMatchObject({ title: `${article.title} | ${venue.name}`, description: article.description, ogType: 'article', path: `/blog/${article.slug}` });
    expect(head.jsonLd.map((d) => d['@type'])).toEqual(['BlogPosting', 'BreadcrumbList']);
    expect(head.jsonLd[0]).toMatchObject({ headline: article.title, datePublished: article.published, url: `${SITE}/blog/${article.slug}` });
    const missing = pageHead(route('/blog/:slug'), '/blog/nope', SITE);
    expect(missing.noindex).toBe(true);
    expect(missing.title).toContain('Page not found');
  });

  it('gives /faq its FAQPage, keeps private routes out of the index and handles no route', () => {
    expect(pageHead(route('/faq'), '/faq', SITE).jsonLd[0]?.['@type']).toBe('FAQPage');
    expect(pageHead(route('/blog'), '/blog', SITE).jsonLd[0]?.['@type']).toBe('Blog');
    expect(pageHead(route('/thank-you', false), '/thank-you', SITE)).toMatchObject({ noindex: true, jsonLd: [] });
    expect(pageHead(null, '/nope', SITE).noindex).toBe(true);
  });

  it('keeps every description within 160 characters', () => {
    for (const article of articles) {
      expect(pageHead(route('/blog/:slug'), `/blog/${article.slug}`, SITE).description.length).toBeLessThanOrEqual(160);
    }
  });
});

