// `npm run bench`: builds once, then runs every scenario in scripts/bench/ one after another (each
// starts its own PocketBase on a temporary data dir). Pass a scenario's name to run only that one:
//   npm run bench -- submit        npm run bench -- submit --runs=40
// Arguments after the names are handed to each scenario. A benchmark, not a test: it prints figures.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { root } from './lib.mjs';

const dir = path.join(root, 'scripts', 'bench');
const all = readdirSync(dir).filter((f) => f.endsWith('.mjs')).map((f) => f.replace(/\.mjs$/, '')).sort();
const args = process.argv.slice(2);
const chosen = args.filter((a) => all.includes(a));
const passOn = args.filter((a) => !all.includes(a));

const built = spawnSync('node', ['scripts/build.mjs', '--quiet'], { cwd: root, stdio: 'inherit' });
if (built.status !== 0) process.exit(built.status ?? 1);

let failed = 0;
for (const name of chosen.length ? chosen : all) {
  console.log(`\n▶ bench: ${name}`);
  const run = spawnSync('node', [path.join(dir, `${name}.mjs`), '--no-build', ...passOn], { cwd: root, stdio: 'inherit' });
  if (run.status !== 0) failed += 1;
}
process.exit(failed ? 1 : 0);
