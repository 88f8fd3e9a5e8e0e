// Builds the pinned PocketBase server (server/) into server/bin/venue-server, only when its sources changed.
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { SERVER_INPUTS, hashInputs, isFresh, root, run, serverBinary, writeStamp } from './lib.mjs';

const quiet = process.argv.includes('--quiet');
const STAMP = 'server/bin/.build-hash';
const hash = hashInputs(SERVER_INPUTS);

if (existsSync(serverBinary) && isFresh(STAMP, hash)) {
  if (!quiet) console.log('• server is up to date');
} else {
  console.log('• building the server (Go, PocketBase pinned in server/go.mod)…');
  mkdirSync(path.join(root, 'server', 'bin'), { recursive: true });
  run('go', ['build', '-trimpath', '-o', 'bin/venue-server', '.'], { cwd: path.join(root, 'server'), env: { ...process.env, CGO_ENABLED: '0' } });
  writeStamp(STAMP, hash);
}
