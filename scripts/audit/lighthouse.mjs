// Lighthouse 12.8 at its default mobile settings (simulated slow 4G and 4× CPU slowdown, Moto G
// Power viewport), run cold (storage and cache cleared, no service worker) in Debian's Chromium.
// By default (no --h1) the runs go through a local TLS proxy speaking HTTP/2 (./tlsproxy), as production does
// behind Caddy; the loopback server itself speaks HTTP/1.1.
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-dev-shm-usage'];
/** The proxy's certificate is made at its start; only the audit's own Chromium is told to accept it. */
const SELF_SIGNED_FLAGS = ['--ignore-certificate-errors'];

export async function launchForLighthouse({ h2 = false } = {}) {
  return chromeLauncher.launch({ chromePath: process.env.CHROME_PATH || '/usr/bin/chromium', chromeFlags: [...CHROME_FLAGS, ...(h2 ? SELF_SIGNED_FLAGS : [])], logLevel: 'silent' });
}

/**
 * Starts the HTTP/2 TLS proxy (scripts/audit/tlsproxy, Go standard library only, built here with the
 * Go toolchain the server needs anyway) in front of `targetUrl`: `{ url, stop }`.
 */
export async function startHttp2Proxy(targetUrl) {
  const source = path.join(path.dirname(fileURLToPath(import.meta.url)), 'tlsproxy');
  const binary = path.join(source, '..', '..', '..', 'node_modules', '.cache', 'venue-tlsproxy');
  const built = spawnSync('go', ['build', '-o', binary, '.'], { cwd: source, stdio: 'inherit', env: { ...process.env, CGO_ENABLED: '0' } });
  if (built.status !== 0) throw new Error('could not build scripts/audit/tlsproxy (is Go on the PATH?)');
  const proxy = spawn(binary, ['-target', targetUrl], { stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await new Promise((resolve, reject) => {
    proxy.once('error', reject);
    proxy.once('exit', (code) => reject(new Error(`the TLS proxy exited (${code})`)));
    proxy.stdout.once('data', (data) => resolve(String(data).trim()));
  });
  return { url, stop: () => proxy.kill() };
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
    // How fast this machine ran Lighthouse's fixed JavaScript loop as the run started (higher is faster).
    benchmarkIndex: lhr.environment?.benchmarkIndex ?? NaN,
    failedAudits: Object.values(lhr.audits)
      .filter((a) => a.score !== null && a.score < 1 && ['accessibility', 'best-practices', 'seo'].some((c) => lhr.categories[c].auditRefs.some((ref) => ref.id === a.id && ref.weight > 0)))
      // The Issues panel's entries name their kind (a blocked request, a cookie, a form field…).
      .map((a) => (a.id === 'inspector-issues' ? `inspector-issues (${(a.details?.items ?? []).map((i) => i.issueType).join(', ')})` : a.id)),
  };
}
