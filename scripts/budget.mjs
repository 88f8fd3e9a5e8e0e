// First-load JavaScript per prerendered page: the scripts and modulepreloads its HTML names, at
// the size a browser downloads them (the build's brotli and gzip files). Deterministic, so the
// byte budget is checked in `npm test` (tests/e2e/budget.test.ts); `node scripts/budget.mjs` prints it.
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** ISSUE 10's budgets, in KB (1,000 bytes) of compressed JavaScript. */
export const BUDGET_KB = { content: 90, form: 130 };
/** Pages with a form get the larger budget. */
export const FORM_PAGES = ['/board-game-night', '/meetups-groups', '/trivia', '/private-events', '/game-master'];

export function htmlFileFor(pathname) {
  return pathname === '/' ? 'index.html' : `${pathname.replace(/^\//, '')}.html`;
}

/** The JavaScript files a page's HTML loads before any interaction. */
export function scriptsOf(html) {
  const files = new Set();
  for (const match of html.matchAll(/<script\b[^>]*\bsrc="\/([^"]+\.js)"/g)) files.add(match[1]);
  for (const match of html.matchAll(/<link\b[^>]*rel="modulepreload"[^>]*href="\/([^"]+\.js)"/g)) files.add(match[1]);
  return [...files];
}

const sizeOf = (file) => (existsSync(file) ? statSync(file).size : NaN);

/** Per public page: its scripts with their brotli and gzip sizes, the totals and the budget. */
export function firstLoadReport(dist) {
  const { prerendered } = JSON.parse(readFileSync(path.join(dist, 'routes.json'), 'utf8'));
  return prerendered.map((pathname) => {
    const html = readFileSync(path.join(dist, htmlFileFor(pathname)), 'utf8');
    const scripts = scriptsOf(html).map((file) => ({ file, br: sizeOf(path.join(dist, `${file}.br`)), gzip: sizeOf(path.join(dist, `${file}.gz`)) }));
    const total = (key) => scripts.reduce((sum, s) => sum + s[key], 0) / 1000;
    return { pathname, scripts, brKB: total('br'), gzipKB: total('gzip'), budgetKB: FORM_PAGES.includes(pathname) ? BUDGET_KB.form : BUDGET_KB.content };
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist');
  for (const row of firstLoadReport(dist)) {
    console.log(`${row.pathname.padEnd(42)} ${row.brKB.toFixed(1).padStart(6)} KB br  ${row.gzipKB.toFixed(1).padStart(6)} KB gzip  (budget ${row.budgetKB}, ${row.scripts.length} files)`);
    if (process.argv.includes('--files')) for (const s of [...row.scripts].sort((a, b) => b.br - a.br)) console.log(`    ${(s.br / 1000).toFixed(1).padStart(6)}  ${s.file}`);
  }
}
