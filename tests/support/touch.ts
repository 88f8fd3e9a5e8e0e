/** Touch-size checks for the staff tablet screens (DESIGN §5: every control at least 44 × 44 px). */
import type { Page } from 'playwright-core';

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
