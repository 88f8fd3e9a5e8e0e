/** Every e2e test: no page may throw an uncaught error or leave a rejection unhandled (browser.ts). */
import { afterEach, expect } from 'vitest';
import { takePageErrors } from './browser';

afterEach(() => {
  expect(takePageErrors(), 'uncaught errors in the browser during this test').toEqual([]);
});
