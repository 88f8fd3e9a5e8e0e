import { describe, expect, it } from 'vitest';
import { offlineCopyUrl, pageFile } from './offlineCopies';

describe('pageFile and offlineCopyUrl', () => {
  it('map each public path to its own file, never the home page’s', () => {
    expect(pageFile('/')).toBe('index.html');
    expect(pageFile('/menu')).toBe('menu.html');
    expect(pageFile('/blog/party-games')).toBe('blog/party-games.html');
    expect(offlineCopyUrl('/')).toBe('/offline-pages/index.html');
    expect(offlineCopyUrl('/faq')).toBe('/offline-pages/faq.html');
  });

  it('read a trailing slash as the same page (the trap DESIGN.md warns of)', () => {
    expect(offlineCopyUrl('/menu/')).toBe('/offline-pages/menu.html');
    expect(offlineCopyUrl('/blog/party-games/')).toBe('/offline-pages/blog/party-games.html');
  });
});
