import { describe, expect, it } from 'vitest';
import { FIRST_ROWS, PAGE_SIZE, rowsToRender } from './reservationPages';

const ids = (n: number, from = 0) => Array.from({ length: n }, (_, i) => `r${from + i}`);

describe('rowsToRender (the list renders a first screen, then the rest of a page)', () => {
  it('renders the first rows of a first page at once and leaves the rest for the next pass', () => {
    const page = ids(PAGE_SIZE);
    expect(rowsToRender(page, [])).toEqual(page.slice(0, FIRST_ROWS));
    // The next pass has shown the whole page.
    expect(rowsToRender(page, page)).toEqual(page);
  });

  it('keeps every row shown so far when a page is added, the added ones follow', () => {
    const first = ids(PAGE_SIZE);
    const both = [...first, ...ids(PAGE_SIZE, PAGE_SIZE)];
    expect(rowsToRender(both, first)).toEqual(first);
  });

  it('renders any change that does not grow the list at once (a live edit, a filter, a deletion)', () => {
    const page = ids(PAGE_SIZE);
    const edited = [...page.slice(1), 'other'];
    expect(rowsToRender(edited, page)).toBe(edited);
    const shorter = page.slice(0, 3);
    expect(rowsToRender(shorter, page)).toBe(shorter);
  });

  it('renders a short list whole', () => {
    const few = ids(3);
    expect(rowsToRender(few, [])).toEqual(few);
  });
});
