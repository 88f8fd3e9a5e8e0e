/** Touch-size checks for the staff tablet screens (DESIGN §5: every control at least 44 × 44 px). */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** Visible controls in the staff frame smaller than 44 × 44 px, described for the failure message. */
export async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const selector = 'button, a, select, input:not([type="checkbox"]), summary, label:has(> input[type="checkbox"])';
    return [...document.querySelectorAll<HTMLElement>(`[data-no-celebration] :is(${selector})`)]
      .filter((el) => el.getClientRects().length > 0 && !el.closest('.visually-hidden'))
      .filter((el) => {
        const box = el.getBoundingClientRect();
        return box.height < 44 || box.width < 44;
      })
      .map((el) => `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') || el.textContent || '').trim().slice(0, 40)}" ${Math.round(el.getBoundingClientRect().width)}×${Math.round(el.getBoundingClientRect().height)}`);
  });
}

/**
 * Fails when a control stays under 44 × 44 px. Polled for 5 s for the settled layout: on a loaded
 * CI machine a button measured mid-reflow (after a resize, around an opening form) read 43.9 px.
 */
export async function expectNoSmallTargets(page: Page): Promise<void> {
  await expect.poll(() => smallTargets(page), { timeout: 5_000 }).toEqual([]);
}
