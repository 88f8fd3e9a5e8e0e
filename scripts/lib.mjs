// Shared helpers for the project's scripts: content hashing for "rebuild only when changed".
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function listFiles(entry, out) {
  const full = path.join(root, entry);
  if (!existsSync(full)) return;
  const stat = statSync(full);
  if (stat.isFile()) {
    out.push(entry);
    return;
  }
  for (const name of readdirSync(full).sort()) {
    if (name === 'node_modules' || name === 'bin' || name.startsWith('.')) continue;
    listFiles(path.join(entry, name), out);
  }
}

/** A hash of the given files and folders' contents (names included). */
export function hashInputs(entries) {
  const files = [];
  for (const entry of entries) listFiles(entry, files);
  const hash = createHash('sha256');
  for (const file of files) {
    hash.update(file);
    hash.update(readFileSync(path.join(root, file)));
  }
  return hash.digest('hex');
}

export function isFresh(stampFile, hash) {
  const stamp = path.join(root, stampFile);
  return existsSync(stamp) && readFileSync(stamp, 'utf8') === hash;
}

export function writeStamp(stampFile, hash) {
  writeFileSync(path.join(root, stampFile), hash);
}

export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  if (result.status !== 0) {
    console.error(`\n✖ ${command} ${args.join(' ')} failed (exit ${result.status ?? result.signal})`);
    process.exit(result.status ?? 1);
  }
}

export const WEB_INPUTS = ['src', 'public', 'index.html', 'vite.config.ts', 'vite', 'manifest.webmanifest', 'package.json', 'package-lock.json', 'scripts/postbuild.mjs', 'scripts/prerender.mjs',
  // The seed's events, prerendered into /meetups-groups (SEED_EVENTS in scripts/prerender.mjs).
  'pb_migrations/seed/events.json'];
// Every Go file of the module (and go.mod/go.sum): a file missing here is left out of a rebuild.
export const SERVER_INPUTS = ['server'];
export const serverBinary = path.join(root, 'server', 'bin', 'venue-server');
