import { describe, expect, it } from 'vitest';
import { headerLinks, isActiveLink } from './navigation';
import { documentTitle } from './RouteMeta';

describe('isActiveLink', () => {
  it('matches home exactly and sections by prefix', () => {
    expect(isActiveLink('/', '/')).toBe(true);
    expect(isActiveLink('/', '/about')).toBe(false);
    expect(isActiveLink('/about', '/about')).toBe(true);
    expect(isActiveLink('/game-master', '/game-master/thank-you')).toBe(true);
    expect(isActiveLink('/menu', '/menus')).toBe(false);
  });
});

describe('header links', () => {
  it('has the nine links of the spec, only the comedy club external', () => {
    expect(headerLinks).toHaveLength(9);
    expect(headerLinks.filter((l) => l.external).map((l) => l.label)).toEqual(['Comedy Club']);
  });
});

describe('documentTitle', () => {
  it('adds the venue name once', () => {
    expect(documentTitle('FAQ')).toBe('FAQ | Tiny Cupboard Games');
    expect(documentTitle('Tiny Cupboard Games')).toBe('Tiny Cupboard Games');
  });
});
