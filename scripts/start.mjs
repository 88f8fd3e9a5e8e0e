// `npm start`: build what changed, then serve the site, /api and the dashboard /_/ from one process.
// PocketBase's own serve flags pass through: `npm start -- --http=127.0.0.1:8099 --dir=/tmp/venue`.
import { spawn } from 'node:child_process';
import { root, run, serverBinary } from './lib.mjs';

run('node', ['scripts/build.mjs']);

const passThrough = process.argv.slice(2).filter((a) => a !== '--');
const httpFlag = passThrough.find((a) => a.startsWith('--http='));
const address = httpFlag ? httpFlag.slice('--http='.length) : '127.0.0.1:8090';
const args = ['serve', ...(httpFlag ? [] : [`--http=${address}`]), ...passThrough];
const dirFlag = passThrough.find((a) => a.startsWith('--dir='));
const dirArg = dirFlag ? ` ${dirFlag}` : '';

const child = spawn(serverBinary, args, { cwd: root, stdio: 'inherit', env: process.env });
const base = `http://${address.replace('0.0.0.0', '127.0.0.1')}`;

async function announce() {
  for (let i = 0; i < 100; i += 1) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  console.log(`
  ┌──────────────────────────────────────────────────────────────────────
  │ Tiny Cupboard Games is running
  │   Site        ${base}/
  │   API         ${base}/api/
  │   Dashboard   ${base}/_/
  │
  │ Next steps
  │   1. Create a superuser:   npm run superuser -- upsert you@example.com 'a-long-password'${dirArg}
  │   2. Staff sign up at ${base}/admin/login, then grant the admin role:
  │                            npm run admin:grant -- staff@example.com${dirArg}
  └──────────────────────────────────────────────────────────────────────
`);
}
void announce();

for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
