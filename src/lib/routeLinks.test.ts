import { describe, expect, it } from 'vitest';
import { faq } from '../content/faq';
import { absolutizeRouteMentions, splitRouteMentions } from './routeLinks';

const SITE = 'https://tinycupboard.test';

describe('route mentions in FAQ answers', () => {
  it('links the named page and drops the bracketed path', () => {
    expect(splitRouteMentions('Go to the Reserve A Table page (/board-game-night), pick a date.')).toEqual([
      { type: 'text', text: 'Go to the ' },
      { type: 'link', text: 'Reserve A Table page', href: '/board-game-night' },
      { type: 'text', text: ', pick a date.' },
    ]);
  });

  it('keeps a sentence-initial "The" out of the link and handles commas and ampersands in names', () => {
    expect(splitRouteMentions("The Drink & Food Menu page (/menu) shows what's on.")).toEqual([
      { type: 'text', text: 'The ' },
      { type: 'link', text: 'Drink & Food Menu page', href: '/menu' },
      { type: 'text', text: " shows what's on." },
    ]);
    expect(splitRouteMentions('on the Game Nights, Meetups & More page (/meetups-groups).')[1]).toEqual({
      type: 'link',
      text: 'Game Nights, Meetups & More page',
      href: '/meetups-groups',
    });
  });

  it('links the path itself when no page name precedes it', () => {
    expect(splitRouteMentions('see (/faq) now')).toEqual([
      { type: 'text', text: 'see (' },
      { type: 'link', text: '/faq', href: '/faq' },
      { type: 'text', text: ') now' },
    ]);
    expect(splitRouteMentions('no links here')).toEqual([{ type: 'text', text: 'no links here' }]);
  });

  it('links every route the FAQ mentions, and writes absolute URLs for structured data', () => {
    for (const entry of faq) {
      const mentions = entry.answer.match(/\(\/[a-z-]+\)/g) ?? [];
      const links = splitRouteMentions(entry.answer).filter((s) => s.type === 'link');
      expect(links.length, entry.id).toBe(mentions.length);
      for (const link of links) expect(link.text, entry.id).not.toMatch(/^\//);
    }
    expect(absolutizeRouteMentions('the Trivia page (/trivia).', `${SITE}/`)).toBe(`the Trivia page (${SITE}/trivia).`);
  });
});

