/**
 * The site runs under its own Content Security Policy (pb_hooks/bootstrap.pb.js: script-src 'self',
 * no eval) without tripping it: a violation is a feature silently broken in the guest's browser, and
 * Lighthouse counts it against best practices. The forms are where libraries are tempted to eval
 * (zod's fast parsers probe `new Function`), so each is used here, not just loaded.
 */
import { describe, expect, it } from 'vitest';
import { gotoAndWait, browserPerFile, openPage } from '../support/browser';
import { pocketBasePerFile } from '../support/perFile';

const server = pocketBasePerFile();
const browser = browserPerFile();

describe('Content Security Policy', () => {
  // Forms that validate an empty submit; the reservation forms keep their button disabled until a
  // night and time are chosen, so they are opened and focused (which loads their schemas).
  const submitsEmpty = ['/private-events', '/game-master'];
  for (const path of ['/board-game-night', '/meetups-groups', ...submitsEmpty]) {
    it(`is never violated on ${path}, with its form in use`, async () => {
      const { context, page } = await openPage(browser);
      await page.addInitScript(() => {
        (window as unknown as { violations: string[] }).violations = [];
        document.addEventListener('securitypolicyviolation', (e) => (window as unknown as { violations: string[] }).violations.push(`${e.violatedDirective}: ${e.blockedURI}`));
      });
      await gotoAndWait(page, server.url + path);
      const form = page.locator('main form').first();
      // The events page shows its form once an event is picked: there, the page alone is checked.
      const field = form.locator('input:visible, textarea:visible').first();
      if (await field.count()) await field.focus();
      await page.waitForLoadState('networkidle');
      if (submitsEmpty.includes(path)) {
        // The schemas parse the empty form and the form shows its field errors.
        await form.locator('button[type="submit"]').click();
        await form.locator('[aria-invalid="true"]').first().waitFor({ state: 'visible' });
      }
      expect(await page.evaluate(() => (window as unknown as { violations: string[] }).violations)).toEqual([]);
      await context.close();
    });
  }

  it('is sent with every page', async () => {
    const response = await fetch(server.url + '/board-game-night');
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
  });
});
