/**
 * Starts a real PocketBase (the binary built from server/) on a temporary data directory and
 * a free loopback port, for API and end-to-end tests. Each call gets its own server.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** @returns {Promise<number>} a free loopback port */
export async function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

/** What points a server at a project tree's folders instead of the files a release carries. */
const TREE_ENV = ['VENUE_ROOT', 'PB_PUBLIC_DIR', 'PB_HOOKS_DIR', 'PB_MIGRATIONS_DIR'];

/** A console command run by a test that takes longer is killed, so a hang fails its test by name. */
const COMMAND_TIMEOUT_MS = 45_000;

/**
 * `root`: the project tree whose server, hooks and migrations to run (default this one; the
 * benchmarks compare two trees in one run). `binary`: run this file instead, with none of the
 * tree's folders named (a release binary serves what it carries), from `cwd` if given.
 * @param {import('./pocketbase').StartOptions} [options]
 * @returns {Promise<import('./pocketbase').StartedPocketBase>}
 */
export async function startPocketBase(options = {}) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'venue-pb-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const root = options.root ?? projectRoot;
  const binary = options.binary ?? path.join(root, 'server', 'bin', 'venue-server');
  const tree = options.binary ? {} : { VENUE_ROOT: root, PB_PUBLIC_DIR: options.publicDir ?? path.join(root, 'dist') };
  const env = { ...process.env, ...tree, SITE_URL: url, ...options.env };
  if (options.binary) for (const key of TREE_ENV) delete env[key];
  const cwd = options.cwd;
  let log = '';
  const launch = async () => {
    const started = spawn(binary, ['serve', `--http=127.0.0.1:${port}`, `--dir=${dataDir}`], {
      env,
      cwd,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    started.stdout?.on('data', (chunk) => (log += chunk.toString()));
    started.stderr?.on('data', (chunk) => (log += chunk.toString()));
    await waitForHealth(url, started, () => log);
    return started;
  };
  let child = await launch();
  const halt = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
    if (child.exitCode === null) {
      child.kill('SIGKILL');
      // A restart reuses the port and the data dir: wait until the old process is really gone.
      await exited;
    }
  };

  const command = (args) =>
    new Promise((resolve) => {
      const proc = spawn(binary, [...args, `--dir=${dataDir}`], { env, cwd, stdio: ['ignore', 'pipe', 'pipe'] });
      let stdout = '';
      let stderr = '';
      proc.stdout.on('data', (c) => (stdout += c.toString()));
      proc.stderr.on('data', (c) => (stderr += c.toString()));
      // A console command that hangs fails its test by name, not by the test's own timeout.
      const timer = setTimeout(() => {
        stderr += `\n(killed: \`${args.join(' ')}\` ran longer than ${COMMAND_TIMEOUT_MS / 1000} s)`;
        proc.kill('SIGKILL');
      }, COMMAND_TIMEOUT_MS);
      proc.on('close', (code) => {
        clearTimeout(timer);
        resolve({ code: code ?? 1, stdout, stderr });
      });
    });

  return {
    url,
    port,
    dataDir,
    /** The server process's id (a restart changes it). */
    pid: () => child.pid,
    output: () => log,
    command,
    restart: async (whileStopped) => {
      await halt();
      if (whileStopped) await whileStopped();
      child = await launch();
    },
    stop: async () => {
      await halt();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

async function waitForHealth(url, child, log) {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`PocketBase exited with ${child.exitCode}:\n${log()}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`PocketBase did not become healthy at ${url}:\n${log()}`);
}
