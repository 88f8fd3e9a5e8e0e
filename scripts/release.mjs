// `npm run release`: one file to deploy. Builds what changed (scripts/build.mjs), copies the site
// (dist/), the hooks (pb_hooks/) and the migrations (pb_migrations/) into server/.release/, and
// builds release/venue-server with them inside (`go build -tags release`, server/release_embed.go)
// and its version (git describe and the build date) in main.Version. Prints the file and its size.
// Skips the Go build when nothing it carries has changed since the last release.
//
//   SITE_URL=https://games.example.com npm run release   (SITE_URL is baked into the pages)
//   node scripts/release.mjs [--quiet] [--no-build]
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { SERVER_INPUTS, hashInputs, isFresh, root, run, writeStamp } from './lib.mjs';

const quiet = process.argv.includes('--quiet');
const releaseBinary = path.join(root, 'release', 'venue-server');
const STAMP = 'release/.build-hash';
const staging = path.join(root, 'server', '.release');
const CARRIED = ['dist', 'pb_hooks', 'pb_migrations'];

// --no-build: release dist/ and pb_hooks/ as they are (tests/api/release-binary.test.ts, whose
// build step already ran: rebuilding them under the other API tests' servers would pull the rug).
// The development server it also builds is for this machine, whatever GOOS/GOARCH the release targets.
const hostEnv = { ...process.env };
delete hostEnv.GOOS;
delete hostEnv.GOARCH;
if (!process.argv.includes('--no-build')) run('node', ['scripts/build.mjs', '--quiet'], { env: hostEnv });
for (const [folder, file] of [['dist', 'index.html'], ['pb_hooks', 'lib/backend.js'], ['pb_migrations', 'seed/events.json']]) {
  if (!existsSync(path.join(root, folder, file))) {
    console.error(`✖ ${folder}/${file} is missing after the build: nothing to release`);
    process.exit(1);
  }
}

const describe = git(['describe', '--tags', '--always', '--dirty']) || 'unknown';
// dist/'s own stamp stands for the site (hashing its 12 MB again would only repeat the build's work).
// GOOS/GOARCH pass through to go build (GOARCH=arm64 npm run release): another target, another build.
const target = `${process.env.GOOS ?? ''}/${process.env.GOARCH ?? ''}`;
const hash = `${hashInputs([...SERVER_INPUTS, 'dist/.build-hash', 'pb_hooks', 'pb_migrations'])}:${describe}:${target}`;

if (existsSync(releaseBinary) && isFresh(STAMP, hash)) {
  if (!quiet) console.log('• release is up to date');
} else {
  console.log('• building the release binary (site, hooks and migrations inside)…');
  stage();
  const version = `${describe} built ${new Date().toISOString().slice(0, 16)}Z`;
  mkdirSync(path.dirname(releaseBinary), { recursive: true });
  run(
    'go',
    ['build', '-trimpath', '-tags', 'release', '-ldflags', `-s -w -X 'main.Version=${version}'`, '-o', releaseBinary, '.'],
    { cwd: path.join(root, 'server'), env: { ...process.env, CGO_ENABLED: '0' } },
  );
  writeStamp(STAMP, hash);
}
const megabytes = (statSync(releaseBinary).size / 1024 / 1024).toFixed(1);
console.log(`✔ ${path.relative(process.cwd(), releaseBinary) || releaseBinary} (${megabytes} MB)`);

/** Copies what the binary carries into server/.release/, which server/release_embed.go embeds. */
function stage() {
  rmSync(staging, { recursive: true, force: true });
  for (const folder of CARRIED) {
    // Dot files are build bookkeeping (dist/.build-hash, dist/.vite), not part of the site.
    cpSync(path.join(root, folder), path.join(staging, folder), { recursive: true, filter: (src) => !path.basename(src).startsWith('.') });
  }
}

function git(args) {
  const result = spawnSync('git', args, { cwd: root, encoding: 'utf8' });
  return result.status === 0 ? result.stdout.trim() : '';
}
