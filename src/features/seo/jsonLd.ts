/**
 * schema.org structured data (JSON-LD), built from the venue's facts and the content files.
 * Every builder is pure and takes the site's absolute URL, so the browser, the prerender and
 * the tests produce the same objects.
 */
import type { BlogArticleMeta as BlogArticle } from '../../content/blog';
import type { FaqEntry } from '../../content/faq';
import { ogImage } from '../../content/media';
import { venue } from '../../content/venue';
import { nyOffsetMinutes, parseClockTime, parseIsoDate, venueDateTimeToUtc, WEEKDAY_NAMES } from '../../lib/venueTime';
import { absoluteUrl, type JsonLd } from '../../lib/seo';
import { absolutizeRouteMentions } from '../../lib/routeLinks';

const CONTEXT = 'https://schema.org';

export const venueId = (siteUrl: string) => absoluteUrl('/#venue', siteUrl);
const websiteId = (siteUrl: string) => absoluteUrl('/#website', siteUrl);
const blogId = (siteUrl: string) => absoluteUrl('/blog#blog', siteUrl);

function postalAddress() {
  const { address } = venue;
  return {
    '@type': 'PostalAddress',
    streetAddress: address.street,
    addressLocality: address.locality,
    addressRegion: address.region,
    postalCode: address.postalCode,
    addressCountry: address.country,
  };
}

function imageObject(siteUrl: string) {
  return {
    '@type': 'ImageObject',
    url: absoluteUrl(ogImage.src, siteUrl),
    width: ogImage.width,
    height: ogImage.height,
  };
}

/** A short reference to the venue, for publisher, location and organizer fields. */
function venueRef(siteUrl: string) {
  return {
    '@type': 'BarOrPub',
    '@id': venueId(siteUrl),
    name: venue.name,
    url: absoluteUrl('/', siteUrl),
    logo: absoluteUrl('/icons/icon-512.png', siteUrl),
    address: postalAddress(),
  };
}

/** The venue as a bar: address, geo, opening hours, menu, reservations and the comedy club it sits in. */
export function venueJsonLd(siteUrl: string): JsonLd {
  const { address, hours, owner } = venue;
  return {
    '@context': CONTEXT,
    '@type': 'BarOrPub',
    '@id': venueId(siteUrl),
    name: venue.name,
    alternateName: venue.shortName,
    description: `${venue.tagline} ${venue.games.boardGameCount} board games, video games, a full bar and food. ${venue.pricing.entry}; ${venue.ageRule}.`,
    slogan: venue.tagline,
    url: absoluteUrl('/', siteUrl),
    image: [absoluteUrl(ogImage.src, siteUrl)],
    logo: absoluteUrl('/icons/icon-512.png', siteUrl),
    email: venue.contact.email,
    address: postalAddress(),
    geo: { '@type': 'GeoCoordinates', latitude: address.geo.latitude, longitude: address.geo.longitude },
    hasMap: address.mapsUrl,
    openingHoursSpecification: [
      { '@type': 'OpeningHoursSpecification', dayOfWeek: WEEKDAY_NAMES.map((day) => `${CONTEXT}/${day}`), opens: hours.opens, closes: hours.closes },
    ],
    hasMenu: absoluteUrl('/menu', siteUrl),
    acceptsReservations: absoluteUrl('/board-game-night', siteUrl),
    isAccessibleForFree: true,
    publicAccess: true,
    smokingAllowed: false,
    maximumAttendeeCapacity: venue.privateEvents.maxGuests,
    priceRange: '$',
    servesCuisine: ['Cocktails', 'Beer', 'Wine', 'Bar food'],
    amenityFeature: [
      `${venue.games.boardGameCount} board games`,
      ...venue.games.extras,
      ...venue.games.outdoor,
    ].map((name) => ({ '@type': 'LocationFeatureSpecification', name, value: true })),
    containedInPlace: { '@type': 'ComedyClub', name: owner.name, url: owner.url },
    parentOrganization: { '@type': 'Organization', name: owner.name, url: owner.url },
  };
}

export function websiteJsonLd(siteUrl: string): JsonLd {
  return {
    '@context': CONTEXT,
    '@type': 'WebSite',
    '@id': websiteId(siteUrl),
    name: venue.name,
    url: absoluteUrl('/', siteUrl),
    inLanguage: 'en-US',
    publisher: { '@id': venueId(siteUrl) },
  };
}

/** FAQPage: every question and its whole answer, routes written as absolute URLs. */
export function faqJsonLd(entries: readonly FaqEntry[], siteUrl: string): JsonLd {
  return {
    '@context': CONTEXT,
    '@type': 'FAQPage',
    url: absoluteUrl('/faq', siteUrl),
    mainEntity: entries.map((entry) => ({
      '@type': 'Question',
      name: entry.question,
      acceptedAnswer: { '@type': 'Answer', text: absolutizeRouteMentions(entry.answer, siteUrl) },
    })),
  };
}

export function blogPostingJsonLd(article: BlogArticle, siteUrl: string, wordCount?: number): JsonLd {
  const url = absoluteUrl(`/blog/${article.slug}`, siteUrl);
  return {
    '@context': CONTEXT,
    '@type': 'BlogPosting',
    '@id': `${url}#article`,
    headline: article.title,
    description: article.description,
    url,
    mainEntityOfPage: { '@type': 'WebPage', '@id': url },
    datePublished: article.published,
    dateModified: article.published,
    inLanguage: 'en-US',
    ...(wordCount ? { wordCount } : {}),
    timeRequired: `PT${article.readingMinutes}M`,
    image: imageObject(siteUrl),
    author: { '@type': 'Organization', name: article.author, url: absoluteUrl('/about', siteUrl) },
    publisher: venueRef(siteUrl),
    isPartOf: { '@type': 'Blog', '@id': blogId(siteUrl), name: `${venue.name} blog`, url: absoluteUrl('/blog', siteUrl) },
  };
}

export function blogJsonLd(list: readonly BlogArticle[], siteUrl: string): JsonLd {
  return {
    '@context': CONTEXT,
    '@type': 'Blog',
    '@id': blogId(siteUrl),
    name: `${venue.name} blog`,
    url: absoluteUrl('/blog', siteUrl),
    inLanguage: 'en-US',
    publisher: venueRef(siteUrl),
    blogPost: list.map((article) => ({
      '@type': 'BlogPosting',
      headline: article.title,
      description: article.description,
      url: absoluteUrl(`/blog/${article.slug}`, siteUrl),
      datePublished: article.published,
    })),
  };
}

export function breadcrumbJsonLd(trail: { name: string; path: string }[], siteUrl: string): JsonLd {
  return {
    '@context': CONTEXT,
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      item: absoluteUrl(crumb.path, siteUrl),
    })),
  };
}

/** '2026-12-17' + '7:30pm' → '2026-12-17T19:30:00-05:00' (New York wall time with its offset). */
export function venueLocalDateTime(dateIso: string, time: string): string | null {
  const clock = parseClockTime(time);
  const utc = venueDateTimeToUtc(dateIso, time);
  if (!clock || !utc || !parseIsoDate(dateIso)) return null;
  const offset = nyOffsetMinutes(utc);
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${dateIso}T${pad(clock.hour)}:${pad(clock.minute)}:00${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

export interface EventInput {
  title: string;
  /** yyyy-MM-dd */
  date: string;
  /** Free text such as '7pm' or '7pm-11pm'; the first time is the start. */
  time: string;
  description?: string;
  /** '$25 at the door'; empty or missing means free. */
  price?: string;
}

/** A special event at the venue (schema.org Event), or null when its date or time can't be read. */
export function eventJsonLd(event: EventInput, siteUrl: string): JsonLd | null {
  const startDate = venueLocalDateTime(event.date, event.time);
  if (!startDate) return null;
  const amount = /\$(\d+(?:\.\d{2})?)/.exec(event.price ?? '')?.[1];
  const url = absoluteUrl('/meetups-groups', siteUrl);
  return {
    '@context': CONTEXT,
    '@type': 'Event',
    name: event.title,
    ...(event.description ? { description: event.description } : {}),
    startDate,
    eventStatus: `${CONTEXT}/EventScheduled`,
    eventAttendanceMode: `${CONTEXT}/OfflineEventAttendanceMode`,
    isAccessibleForFree: !amount,
    typicalAgeRange: '21-',
    url,
    image: [absoluteUrl(ogImage.src, siteUrl)],
    location: {
      '@type': 'Place',
      name: venue.name,
      address: postalAddress(),
      geo: { '@type': 'GeoCoordinates', latitude: venue.address.geo.latitude, longitude: venue.address.geo.longitude },
    },
    organizer: { '@type': 'Organization', name: venue.name, url: absoluteUrl('/', siteUrl) },
    offers: {
      '@type': 'Offer',
      price: amount ?? '0',
      priceCurrency: 'USD',
      availability: `${CONTEXT}/InStock`,
      url,
    },
  };
}
