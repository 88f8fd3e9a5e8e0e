// What `npm run audit` prints and writes of its Lighthouse runs, as pure functions (tests/unit/auditReport.test.ts).
// Each route's figures are medians of its runs. Beside them, Lighthouse's benchmarkIndex
// (lhr.environment.benchmarkIndex: how fast this machine ran a fixed piece of JavaScript as the run
// started, higher is faster), so scores taken on two machines, or one busy machine, can be compared.

export const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

/** One route's medians of its runs (lighthouseRun's figures, scripts/audit/lighthouse.mjs). */
export function routeMedians(samples) {
  const m = (key) => median(samples.map((s) => s[key]));
  return {
    performance: m('performance'),
    accessibility: m('accessibility'),
    bestPractices: m('bestPractices'),
    seo: m('seo'),
    benchmarkIndex: Math.round(m('benchmarkIndex')),
    fcpMs: Math.round(m('fcpMs')),
    lcpMs: Math.round(m('lcpMs')),
    tbtMs: Math.round(m('tbtMs')),
    cls: Number(m('cls').toFixed(3)),
    jsKB: Number(m('jsKB').toFixed(1)),
    jsFiles: m('jsFiles'),
    failedAudits: [...new Set(samples.flatMap((s) => s.failedAudits))],
  };
}

/** The benchmarkIndex of every run of every route: median, lowest and highest. */
export function benchmarkSummary(samplesByRoute) {
  const all = Object.values(samplesByRoute).flat().map((s) => s.benchmarkIndex).filter(Number.isFinite);
  return all.length ? { median: Math.round(median(all)), min: Math.round(Math.min(...all)), max: Math.round(Math.max(...all)), runs: all.length } : null;
}

const pad = (v, n) => String(v).padStart(n);

/** The Lighthouse table: a row per route, its scores, then the benchmarkIndex they were measured at. */
export function lighthouseTable({ lighthouse, benchmarkIndex, runs, protocol }) {
  const lines = [`Lighthouse 12.8, mobile, cold, ${protocol}: medians of ${runs} runs per route`];
  lines.push('route               perf  a11y  b-p  seo  bench   FCP ms  LCP ms  TBT ms    CLS   JS KB (files)');
  for (const [route, r] of Object.entries(lighthouse)) {
    lines.push(
      `${route.padEnd(18)} ${pad(r.performance, 5)} ${pad(r.accessibility, 5)} ${pad(r.bestPractices, 4)} ${pad(r.seo, 4)} ${pad(r.benchmarkIndex, 6)} ${pad(r.fcpMs, 8)} ${pad(r.lcpMs, 7)} ${pad(r.tbtMs, 7)} ${pad(r.cls.toFixed(3), 6)} ${pad(r.jsKB.toFixed(1), 7)} (${r.jsFiles})${r.failedAudits.length ? `  failing: ${r.failedAudits.join(', ')}` : ''}`,
    );
  }
  lines.push(
    benchmarkIndex
      ? `Lighthouse benchmarkIndex (this machine's CPU as the runs started; higher is faster): median ${benchmarkIndex.median}, ${benchmarkIndex.min}–${benchmarkIndex.max} over ${benchmarkIndex.runs} runs`
      : 'Lighthouse benchmarkIndex: not reported',
  );
  return lines;
}
