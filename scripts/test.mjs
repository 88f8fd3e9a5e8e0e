// `npm test`: lint, typecheck, then the unit, API and end-to-end layers (each also runs alone:
// npm run test:unit | test:api | test:e2e). Every layer runs even if an earlier one failed, so one
// run shows everything; any failure makes the exit code non-zero. The last line is the total.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { root } from './lib.mjs';

const artifacts = path.join(root, 'tests', '.artifacts');
mkdirSync(artifacts, { recursive: true });
const only = process.argv.slice(2);

const steps = [
  { name: 'lint', cmd: ['npx', 'eslint', '--max-warnings=0', '.'] },
  // The app's tsconfig and the hooks' (hooks/tsconfig.json, against PocketBase's pinned jsvm types).
  { name: 'typecheck', cmd: ['npm', 'run', '--silent', 'typecheck'] },
  { name: 'build', cmd: ['node', 'scripts/build.mjs', '--quiet'] },
  // The Go server's own tests (server/*_test.go: the iMIP mail writer, its SMTP sender against
  // Mailpit with STARTTLS and a password (built from server/tools/mailpit), the release's unpacking).
  { name: 'go', cmd: ['go', 'test', './...'], cwd: path.join(root, 'server') },
  { name: 'unit', vitest: 'unit' },
  { name: 'api', vitest: 'api' },
  // The restore tests, one file at a time once the other API servers are gone (vitest.config.ts).
  { name: 'api-restore', vitest: 'api-restore' },
  { name: 'e2e', vitest: 'e2e' },
];

let passed = 0;
let failed = 0;
const summary = [];
// The failed tests' names and first error lines, printed again after the summary: CI keeps only the
// end of the log, and a flaky test in an early layer must still be named there.
const failures = [];
for (const step of steps) {
  if (only.length && !only.includes(step.name)) continue;
  const started = Date.now();
  let cmd = step.cmd;
  const report = path.join(artifacts, `${step.name}.json`);
  if (step.vitest) {
    cmd = ['npx', 'vitest', 'run', '--project', step.vitest, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`];
  }
  console.log(`\n▶ ${step.name}: ${cmd.join(' ')}`);
  const result = spawnSync(cmd[0], cmd.slice(1), { cwd: step.cwd ?? root, stdio: 'inherit', env: { ...process.env, FORCE_COLOR: process.env.CI ? '0' : '1' } });
  const ok = result.status === 0;
  let counts = '';
  if (step.vitest && existsSync(report)) {
    const json = JSON.parse(readFileSync(report, 'utf8'));
    passed += json.numPassedTests ?? 0;
    failed += json.numFailedTests ?? 0;
    // A file that fails before its tests run (a throwing beforeAll, an import error) fails no test
    // but fails its suite: say so, or the summary reads "0 failed" beside a red mark.
    const brokenFiles = (json.testResults ?? []).filter(
      (file) => file.status === 'failed' && !file.assertionResults?.some((test) => test.status === 'failed'),
    ).length;
    failed += brokenFiles;
    failures.push(...failedTests(step.name, json));
    counts = ` (${json.numPassedTests} passed, ${json.numFailedTests} failed${brokenFiles ? `, ${brokenFiles} file(s) failed to run` : ''})`;
  }
  if (!ok && !counts) failed += 1;
  summary.push(`${ok ? '✔' : '✖'} ${step.name}${counts} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  if (!ok && step.name === 'build') break;
}
if (failures.length) console.log(`\nFailed:\n${failures.join('\n')}`);
console.log(`\n${summary.join('\n')}`);
console.log(`Tests: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 && summary.every((line) => line.startsWith('✔')) ? 0 : 1);

function failedTests(layer, json) {
  return (json.testResults ?? []).flatMap((file) => {
    const where = path.relative(root, file.name);
    const tests = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
    if (!tests.length && file.status === 'failed') return [`  ${layer} ${where}: ${firstLine(file.message)}`];
    return tests.map((test) => `  ${layer} ${where} > ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
  });
}

function firstLine(message) {
  return String(message ?? '').split('\n').find((line) => line.trim())?.trim().slice(0, 300) ?? '';
}
