import { describe, expect, it } from 'vitest';
import { byCodePoint, englishList } from './text';

describe('englishList', () => {
  it('joins one, two and three items the English way', () => {
    expect(englishList(['chess'])).toBe('chess');
    expect(englishList(['chess', 'go'])).toBe('chess and go');
    expect(englishList(['chess', 'go', 'bridge'])).toBe('chess, go, and bridge');
    expect(englishList([])).toBe('');
  });

  it('says what Intl.ListFormat says for en-US', () => {
    const intl = new Intl.ListFormat('en-US', { style: 'long', type: 'conjunction' });
    const samples = [[], ['giant Jenga'], ['giant Jenga', 'cornhole'], ['giant Jenga', 'cornhole', 'ping pong', 'ladder toss']];
    for (const items of samples) expect(englishList(items)).toBe(intl.format(items));
  });
});

describe('byCodePoint', () => {
  it('sorts ISO dates chronologically and slugs as written', () => {
    expect(['2025-10-02', '2024-12-31', '2025-09-30'].sort(byCodePoint)).toEqual(['2024-12-31', '2025-09-30', '2025-10-02']);
    expect(['party-games', 'board-game-bars-nyc-guide', 'board-game-bars-future'].sort(byCodePoint)).toEqual([
      'board-game-bars-future',
      'board-game-bars-nyc-guide',
      'party-games',
    ]);
  });

  it('is a consistent comparator: zero for equal strings, antisymmetric otherwise', () => {
    expect(byCodePoint('a', 'a')).toBe(0);
    expect(byCodePoint('a', 'b')).toBe(-1);
    expect(byCodePoint('b', 'a')).toBe(1);
  });
});
