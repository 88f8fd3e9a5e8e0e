import { describe, expect, it } from 'vitest';
import { articles, countWords, fillVenueTokens, getArticle, parseArticle } from './blog';
import { faq } from './faq';
import { cookies, privacy, terms, type LegalDocument } from './legal';
import { venue } from './venue';

const SLUGS = [
  'video-game-bars-community',
  'party-games',
  'comedy-games-combo',
  'future-nyc-nightlife',
  'board-game-bars-nyc-guide',
  'board-game-bars-future',
];

/** Every route in SPEC.md §2, so an article can only link to a page that exists. */
const ROUTES = new Set([
  '/', '/menu', '/game-master', '/about', '/board-game-night', '/trivia', '/private-events',
  '/meetups-groups', '/join-whatsapp', '/terms', '/privacy', '/cookies', '/blog', '/faq',
  ...SLUGS.map((slug) => `/blog/${slug}`),
]);

/** The raw files, to check that no fact is typed into an article instead of a token. */
const rawFiles = import.meta.glob<string>('./blog/*.md', { query: '?raw', import: 'default', eager: true });

// The pages load bodies as HTML (?blog-html); these checks read each article's Markdown, venue tokens filled in.
const markdownBySlug = new Map(Object.entries(rawFiles).map(([file, raw]) => [parseArticle(file, raw).slug, parseArticle(file, raw).body]));
const fullArticles = articles.map((a) => ({ ...a, body: markdownBySlug.get(a.slug)! }));

describe('blog articles', () => {
  it('has exactly the six articles, one per slug, each in <slug>.md', () => {
    expect(articles.map((a) => a.slug).sort()).toEqual([...SLUGS].sort());
    for (const [file, raw] of Object.entries(rawFiles)) {
      expect(parseArticle(file, raw).slug, file).toBe(file.replace('./blog/', '').replace('.md', ''));
    }
  });

  it.each(SLUGS)('%s is a 600 to 1,200 word article', (slug) => {
    const words = countWords(fullArticles.find((a) => a.slug === slug)!.body);
    expect(words).toBeGreaterThanOrEqual(600);
    expect(words).toBeLessThanOrEqual(1200);
  });

  it('has unique titles and search descriptions of at most 160 characters', () => {
    expect(new Set(articles.map((a) => a.title)).size).toBe(articles.length);
    expect(new Set(articles.map((a) => a.description)).size).toBe(articles.length);
    for (const article of articles) {
      expect(article.title.length, article.slug).toBeGreaterThan(0);
      expect(article.description.length, article.slug).toBeGreaterThan(50);
      expect(article.description.length, article.slug).toBeLessThanOrEqual(160);
    }
  });

  it('has no h1 in a body (the page supplies it) and uses ## subheadings', () => {
    for (const article of fullArticles) {
      expect(article.body, article.slug).not.toMatch(/^# /m);
      expect(article.body, article.slug).not.toMatch(/^#(?!#)/m);
      expect(article.body.match(/^## /gm)?.length ?? 0, article.slug).toBeGreaterThanOrEqual(3);
    }
  });

  it('is dated across 2025 and 2026, by our team, sorted newest first, with a sane reading time', () => {
    for (const article of fullArticles) {
      // The build counts the words without shipping the body (?blog-meta): the same count.
      expect(article.wordCount, article.slug).toBe(countWords(article.body));
      expect(article.published, article.slug).toMatch(/^202[56]-\d{2}-\d{2}$/);
      expect(article.published <= '2026-11-22', article.slug).toBe(true);
      expect(article.author).toBe('The Tiny Cupboard Games team');
      const estimate = countWords(article.body) / 220;
      expect(Math.abs(article.readingMinutes - estimate), article.slug).toBeLessThanOrEqual(1.5);
    }
    expect(new Set(articles.map((a) => a.published.slice(0, 4)))).toEqual(new Set(['2025', '2026']));
    const dates = articles.map((a) => a.published);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it('links only to real routes, and links to the reservation page', () => {
    for (const article of fullArticles) {
      const targets = [...article.body.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]!);
      expect(targets, article.slug).toContain('/board-game-night');
      for (const target of targets) {
        if (target.startsWith('http')) expect(target, article.slug).toBe(venue.owner.calendarUrl);
        else expect(ROUTES.has(target), `${article.slug} links to ${target}`).toBe(true);
      }
    }
  });

  it('fills every venue token and never retypes an address, price or email', () => {
    for (const article of fullArticles) {
      expect(article.body, article.slug).not.toMatch(/\{\{|\}\}|undefined/);
      expect(article.body, article.slug).toContain(venue.address.oneLine);
    }
    for (const [file, raw] of Object.entries(rawFiles)) {
      expect(raw, file).not.toContain(venue.address.street);
      expect(raw, file).not.toContain(venue.contact.email);
      expect(raw, file).not.toMatch(/\$\d/);
    }
  });

  it('parses front matter and reports a broken file or an unknown token by name', () => {
    const parsed = parseArticle(
      './x.md',
      '---\r\ntitle: "A: title"\r\ndescription: Short.\r\npublished: 2026-01-02\r\n---\r\n## Hi\r\n\r\n{{venue.ageRule}}',
    );
    expect(parsed).toMatchObject({ slug: 'x', title: 'A: title', author: 'The Tiny Cupboard Games team' });
    expect(parsed.body).toBe(`## Hi\n\n${venue.ageRule}`);
    expect(parsed.readingMinutes).toBe(1);
    expect(() => parseArticle('./y.md', 'no front matter')).toThrow('./y.md');
    expect(() => parseArticle('./z.md', '---\ntitle: T\npublished: 2026-01-02\n---\nbody')).toThrow('description');
    expect(() => fillVenueTokens('{{venue.nope}}', './w.md')).toThrow('./w.md');
    expect(fillVenueTokens('{{ venue.games.outdoor }}')).toBe(
      'ping pong, mini golf, corn hole, giant Jenga, and giant Connect 4',
    );
    expect(getArticle('not-a-slug')).toBeUndefined();
  });
});

describe('faq', () => {
  it('has 17 entries with unique ids and questions, and no unfilled values', () => {
    expect(faq).toHaveLength(17);
    expect(new Set(faq.map((entry) => entry.id)).size).toBe(17);
    expect(new Set(faq.map((entry) => entry.question)).size).toBe(17);
    for (const entry of faq) {
      expect(entry.question, entry.id).toMatch(/\?$/);
      expect(entry.answer.length, entry.id).toBeGreaterThan(60);
      expect(entry.answer, entry.id).not.toMatch(/undefined|\[object|\$\{/);
    }
  });

  it('answers from the venue facts', () => {
    const text = (id: string) => faq.find((entry) => entry.id === id)?.answer ?? '';
    expect(text('hours')).toContain(venue.hours.summary);
    expect(text('age')).toContain(venue.ageRule);
    expect(text('cost')).toContain(venue.pricing.barMinimum);
    expect(text('party-size')).toMatch(/1 to 20/);
    expect(text('private-events')).toContain(String(venue.privateEvents.maxGuests));
    expect(text('games')).toContain(venue.games.boardGameCount);
    expect(text('location')).toContain(venue.address.oneLine);
    expect(text('accessibility')).toContain(venue.contact.email);
    expect(text('cancel-reservation')).toMatch(/cancel link/);
    expect(text('trivia')).toContain(venue.trivia.start);
  });
});

describe('legal copy', () => {
  const all: [string, LegalDocument][] = [
    ['terms', terms],
    ['privacy', privacy],
    ['cookies', cookies],
  ];
  const textOf = (doc: LegalDocument) =>
    [doc.intro, ...doc.sections.flatMap((s) => [s.heading, ...s.paragraphs, ...(s.list ?? [])])].join('\n');

  it('has the five terms sections, ending with New York law and Brooklyn courts', () => {
    expect(terms.sections.map((s) => s.id)).toEqual([
      'agreement',
      'use-licence',
      'disclaimer',
      'limitations',
      'governing-law',
    ]);
    expect(textOf({ ...terms, sections: terms.sections.slice(4) })).toMatch(/State of New York[\s\S]*Kings County/);
  });

  it('says what privacy covers, including IndexedDB, gclid and the Meta hash', () => {
    const text = textOf(privacy);
    expect(privacy.sections.map((s) => s.id)).toEqual([
      'information-we-collect',
      'how-we-use-it',
      'sharing',
      'your-rights',
      'contact',
    ]);
    for (const needle of ['IndexedDB', 'gclid', 'utm_source', 'Safari', '7 days', 'SHA-256', 'Conversions API']) {
      expect(text).toContain(needle);
    }
    expect(text).toContain(venue.contact.email);
  });

  it('covers the cookie topics honestly', () => {
    const text = textOf(cookies);
    expect(cookies.sections).toHaveLength(5);
    for (const needle of ['Essential', 'Analytical', 'Preference', 'Marketing', 'Session', 'Persistent', 'Third-party', 'local storage', 'session storage']) {
      expect(text).toContain(needle);
    }
  });

  it.each(all)('%s has unique section ids and no empty or unfilled text', (_name, doc) => {
    expect(new Set(doc.sections.map((s) => s.id)).size).toBe(doc.sections.length);
    for (const section of doc.sections) {
      expect(section.paragraphs.length, section.id).toBeGreaterThan(0);
      for (const line of [...section.paragraphs, ...(section.list ?? [])]) {
        expect(line.trim().length, section.id).toBeGreaterThan(0);
        expect(line, section.id).not.toMatch(/undefined|\$\{/);
      }
    }
  });
});
