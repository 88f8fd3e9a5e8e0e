// Lighthouse 12.8 at its default mobile settings (simulated slow 4G and 4× CPU slowdown, Moto G
// Power viewport), run cold (storage and cache cleared, no service worker) in Debian's Chromium.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-dev-shm-usage'];

export async function launchForLighthouse() {
  return chromeLauncher.launch({ chromePath: process.env.CHROME_PATH || '/usr/bin/chromium', chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
}

const ATTEMPTS = 3;

/**
 * One Lighthouse run of a URL that produced its metrics. On a loaded machine a run now and then ends
 * without them (its trace misses the navigation's start: NO_NAVSTART, or a NO_FCP): that is a failed
 * measurement, not a score of 0, and counting it as a sample dragged a median of 3 down to it. Such a
 * run is retried, up to ATTEMPTS times, and said on stderr.
 */
async function measuredRun(chrome, url) {
  for (let attempt = 1; ; attempt += 1) {
    const { lhr } = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'] });
    const failed = lhr.runtimeError?.code ?? (lhr.categories.performance?.score == null ? 'no performance score' : undefined);
    if (!failed || attempt === ATTEMPTS) return lhr;
    console.error(`  (${url}: Lighthouse run failed with ${failed}; measuring again)`);
  }
}

/** One cold Lighthouse run of a URL: the figures `npm run audit` prints. */
export async function lighthouseRun(chrome, url) {
  const lhr = await measuredRun(chrome, url);
  const audit = (id) => lhr.audits[id]?.numericValue ?? NaN;
  const requests = lhr.audits['network-requests']?.details?.items ?? [];
  const scripts = requests.filter((r) => r.resourceType === 'Script');
  const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    fcpMs: audit('first-contentful-paint'),
    lcpMs: audit('largest-contentful-paint'),
    tbtMs: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    jsKB: scripts.reduce((sum, r) => sum + (r.transferSize || 0), 0) / 1000,
    jsFiles: scripts.length,
    failedAudits: Object.values(lhr.audits)
      .filter((a) => a.score !== null && a.score < 1 && ['accessibility', 'best-practices', 'seo'].some((c) => lhr.categories[c].auditRefs.some((ref) => ref.id === a.id && ref.weight > 0)))
      // The Issues panel's entries name their kind (a blocked request, a cookie, a form field…).
      .map((a) => (a.id === 'inspector-issues' ? `inspector-issues (${(a.details?.items ?? []).map((i) => i.issueType).join(', ')})` : a.id)),
  };
}
