// `npm run dev`: PocketBase on :8090 (hooks reloaded on change) and Vite with hot reload on :5173,
// which proxies /api and /_/ to it. A change under hooks/ rebuilds pb_hooks/, which PocketBase then
// reloads. Stop both with Ctrl+C.
import { spawn, spawnSync } from 'node:child_process';
import { watch } from 'node:fs';
import path from 'node:path';
import { root, run, serverBinary } from './lib.mjs';

run('node', ['scripts/build-server.mjs']);
run('node', ['scripts/build-rules.mjs', '--quiet']);

const passThrough = process.argv.slice(2).filter((a) => a !== '--');
const pocketbase = spawn(serverBinary, ['serve', '--http=127.0.0.1:8090', ...passThrough], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, PB_HOOKS_WATCH: '1' },
});
let rebuild = null;
watch(path.join(root, 'hooks'), { recursive: true }, () => {
  clearTimeout(rebuild);
  rebuild = setTimeout(() => spawnSync('node', ['scripts/build-rules.mjs', '--quiet'], { cwd: root, stdio: 'inherit' }), 150);
});
const vite = spawn('npx', ['vite', '--host', '127.0.0.1', '--port', '5173'], { cwd: root, stdio: 'inherit', env: process.env });

const stopAll = (signal) => {
  pocketbase.kill(signal);
  vite.kill(signal);
};
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stopAll(signal));
pocketbase.on('exit', (code) => {
  vite.kill('SIGTERM');
  process.exit(code ?? 0);
});
vite.on('exit', (code) => {
  pocketbase.kill('SIGTERM');
  process.exit(code ?? 0);
});
