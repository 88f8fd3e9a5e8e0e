/**
 * `npm run audit` prints Lighthouse's benchmarkIndex beside its scores, and writes it to its JSON,
 * so figures from two machines (or one machine at two loads) can be compared (ISSUE 26, figures).
 */
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script without types
import { benchmarkSummary, lighthouseTable, routeMedians } from '../../scripts/audit/report.mjs';

const run = (performance: number, benchmarkIndex: number) => ({
  performance,
  accessibility: 100,
  bestPractices: 100,
  seo: 100,
  benchmarkIndex,
  fcpMs: 1200.4,
  lcpMs: 1500.6,
  tbtMs: 320,
  cls: 0,
  jsKB: 88.04,
  jsFiles: 4,
  failedAudits: [],
});

describe('the audit report', () => {
  const samples = { '/': [run(90, 1210.4), run(84, 1500), run(93, 980)], '/menu': [run(97, 1320), run(95, 1402), run(96, 1250)] };
  const lighthouse = Object.fromEntries(Object.entries(samples).map(([route, runs]) => [route, routeMedians(runs)]));
  const benchmarkIndex = benchmarkSummary(samples);

  it("keeps each route's median benchmarkIndex beside its scores, and every run's spread", () => {
    expect(lighthouse['/']).toMatchObject({ performance: 90, benchmarkIndex: 1210 });
    expect(lighthouse['/menu']).toMatchObject({ performance: 96, benchmarkIndex: 1320 });
    expect(benchmarkIndex).toEqual({ median: 1285, min: 980, max: 1500, runs: 6 });
  });

  it('prints it in the table, in its own column after the four scores, and a line with the spread', () => {
    const lines: string[] = lighthouseTable({ lighthouse, benchmarkIndex, runs: 3, protocol: 'HTTP/2 over TLS' });
    const header = lines[1]!.split(/\s+/);
    expect(header.slice(0, 6)).toEqual(['route', 'perf', 'a11y', 'b-p', 'seo', 'bench']);
    const row = lines.find((line) => line.startsWith('/menu'))!.split(/\s+/);
    expect(row.slice(0, 6)).toEqual(['/menu', '96', '100', '100', '100', '1320']);
    expect(lines.at(-1)).toBe("Lighthouse benchmarkIndex (this machine's CPU as the runs started; higher is faster): median 1285, 980–1500 over 6 runs");
  });
});
