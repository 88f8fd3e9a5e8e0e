// Builds what `npm start` serves: the hooks (pb_hooks/, generated from hooks/), the PWA (dist/) and
// the server binary. Each part is skipped when its inputs have not changed since the last build.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { WEB_INPUTS, hashInputs, isFresh, root, run, writeStamp } from './lib.mjs';

const quiet = process.argv.includes('--quiet');
const force = process.argv.includes('--force');

if (existsSync(path.join(root, 'scripts', 'build-rules.mjs'))) run('node', ['scripts/build-rules.mjs', '--quiet']);

const STAMP = 'dist/.build-hash';
// SITE_URL is baked into the app and the sitemap, BUILD_EVENTS_URL's schedule into the pages: a
// different one means a new build.
const hash = `${hashInputs(WEB_INPUTS)}:${process.env.SITE_URL || process.env.VITE_SITE_URL || ''}:${process.env.BUILD_EVENTS_URL || ''}`;
if (!force && existsSync(path.join(root, 'dist', 'index.html')) && isFresh(STAMP, hash)) {
  if (!quiet) console.log('• web app is up to date');
} else {
  console.log('• building the web app (Vite)…');
  // Always React's production build, even when a test runner (NODE_ENV=test) asks for the build.
  run('npx', ['vite', 'build', '--logLevel', quiet ? 'warn' : 'info'], { env: { ...process.env, NODE_ENV: 'production' } });
  if (existsSync(path.join(root, 'scripts', 'postbuild.mjs'))) run('node', ['scripts/postbuild.mjs']);
  writeStamp(STAMP, hash);
}

run('node', ['scripts/build-server.mjs', ...(quiet ? ['--quiet'] : [])]);
