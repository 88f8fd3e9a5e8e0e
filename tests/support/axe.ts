/**
 * axe-core in a Playwright page: loads axe.source once per document and runs it against
 * WCAG 2.1 A/AA plus axe's best practices (heading order, one main landmark, …).
 */
import axe from 'axe-core';
import type { Page } from 'playwright-core';

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string; html: string; summary: string }[];
}

export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

export async function runAxe(page: Page, options: { include?: string; disableRules?: string[] } = {}): Promise<AxeViolation[]> {
  const loaded = await page.evaluate(() => typeof (window as unknown as { axe?: unknown }).axe !== 'undefined');
  // Evaluated over the DevTools protocol: the site's Content-Security-Policy (script-src 'self')
  // rightly blocks an injected inline <script>, and the test should not weaken it.
  if (!loaded) await page.evaluate(axe.source);
  await settleAnimations(page);
  return page.evaluate(
    async ({ tags, include, disableRules }) => {
      const w = window as unknown as { axe: typeof import('axe-core') };
      const rules = Object.fromEntries(disableRules.map((id) => [id, { enabled: false }]));
      // A toast on its way out is fading to nothing: what it says has been read already.
      const leaving = ['[data-sonner-toast][data-removed="true"]'];
      const result = await w.axe.run(include ? { include: [include], exclude: leaving } : { exclude: leaving }, {
        runOnly: { type: 'tag', values: tags },
        rules,
        resultTypes: ['violations'],
      });
      return result.violations.map((v) => ({
        id: v.id,
        impact: v.impact ?? null,
        help: v.help,
        nodes: v.nodes.slice(0, 5).map((n) => ({
          target: n.target.join(' '),
          html: n.html.slice(0, 160),
          summary: (n.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 240),
        })),
      }));
    },
    { tags: AXE_TAGS, include: options.include, disableRules: options.disableRules ?? [] },
  );
}

/**
 * Waits (up to 2 s) for every finite animation and transition to end. axe reads colours as they
 * are painted, so a toast caught mid-fade blends into the page and "fails" contrast at 3:1 for a
 * frame; what a guest reads is the settled colour. Endless ones (spinners) are not waited for.
 */
async function settleAnimations(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const finite = document.getAnimations().filter((a) => a.effect?.getComputedTiming().endTime !== Infinity);
    const ended = Promise.allSettled(finite.map((a) => a.finished));
    await Promise.race([ended, new Promise((resolve) => setTimeout(resolve, 2000))]);
  });
}

/** Violations as readable lines for an assertion message. */
export function formatViolations(violations: AxeViolation[]): string {
  return violations
    .map((v) => `${v.id} (${v.impact}): ${v.help}\n${v.nodes.map((n) => `    ${n.target}\n      ${n.html}\n      ${n.summary}`).join('\n')}`)
    .join('\n');
}
