/**
 * Search-engine heads for every route: title, description, canonical URL, Open Graph and
 * Twitter tags, and schema.org JSON-LD (the venue as a bar, FAQPage, BlogPosting, Event).
 * Loaded by the app's RouteMeta after first paint; pure helpers live in src/lib/seo.ts.
 */
export { loadUpcomingEventsJsonLd } from './events';
export { notFoundHead, pageHead, type RouteInfo } from './head';
export { eventJsonLd, faqJsonLd, venueJsonLd, type EventInput } from './jsonLd';
