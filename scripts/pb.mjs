#!/usr/bin/env node
/**
 * Runs a console command of the venue server (PocketBase) against the project's data dir.
 *
 *   npm run superuser -- upsert EMAIL PASSWORD [--dir=PATH]   PocketBase's own superuser command
 *   npm run admin:grant -- EMAIL [--owner] [--dir=PATH]       give an existing account the admin role (--owner: owner too)
 *   npm run reminders -- [--now=ISO] [--dir=PATH]             queue the day-of reminders due at that instant
 *
 * The binary is built first when missing (cd server && go build -o bin/venue-server .).
 * --dir defaults to the server's own default (pb_data/ in the project root, or PB_DATA_DIR),
 * the same directory `npm start` uses. The command's exit code is passed through.
 */
import { spawnSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const binary = path.join(root, 'server', 'bin', process.platform === 'win32' ? 'venue-server.exe' : 'venue-server');

const [command, ...rest] = process.argv.slice(2);
const usage = [
  'Usage:',
  '  npm run superuser -- upsert EMAIL PASSWORD [--dir=PATH]',
  '  npm run admin:grant -- EMAIL [--owner] [--dir=PATH]',
  '  npm run reminders -- [--now=2026-11-23T17:05:00Z] [--dir=PATH]   (the running server sends them)',
  '  npm run retention -- [--now=2026-11-23T17:05:00Z] [--dir=PATH]   (erases guests\' personal data due then)',
].join('\n');

if (!command || !['superuser', 'admin:grant', 'reminders:run', 'retention:run'].includes(command)) {
  console.error(usage);
  process.exit(2);
}

if (!existsSync(binary)) {
  console.error('Building the server (server/bin/venue-server)…');
  const built = spawnSync('go', ['build', '-o', 'bin/venue-server', '.'], { cwd: path.join(root, 'server'), stdio: 'inherit' });
  if (built.status !== 0) {
    console.error('Could not build the server: is Go 1.25+ installed?');
    process.exit(built.status ?? 1);
  }
}

// `--dir PATH` → `--dir=PATH`, so the value is never mistaken for a positional argument.
const args = [];
for (let i = 0; i < rest.length; i++) {
  const a = rest[i];
  if ((a === '--dir' || a === '--now') && rest[i + 1]) {
    args.push(`${a}=${rest[i + 1]}`);
    i++;
  } else {
    args.push(a);
  }
}

if (command === 'admin:grant' && args.filter((a) => !a.startsWith('--')).length !== 1) {
  console.error('admin:grant needs exactly one email.\n' + usage);
  process.exit(2);
}

const child = spawn(binary, [command, ...args], {
  stdio: 'inherit',
  env: { VENUE_ROOT: root, ...process.env },
});
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
