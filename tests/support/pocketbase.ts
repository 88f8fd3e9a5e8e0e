/**
 * Types for tests/support/pocketbase.mjs, which starts a real PocketBase (the binary built from
 * server/) on a temporary data directory and a free loopback port. The implementation is plain
 * JavaScript so the bench and audit scripts (Node, no TypeScript) share it with the tests.
 */
// @ts-expect-error: plain ESM JavaScript module, typed below
import * as impl from './pocketbase.mjs';

export interface StartedPocketBase {
  url: string;
  port: number;
  dataDir: string;
  /** Everything the server printed, for assertions on logs. */
  output: () => string;
  /** Runs a console command (e.g. `superuser upsert`) against the same data directory. */
  command: (args: string[]) => Promise<{ code: number; stdout: string; stderr: string }>;
  /** Stops the server and starts it again on the same data directory and port (running `whileStopped` in between). */
  restart: (whileStopped?: () => Promise<void>) => Promise<void>;
  stop: () => Promise<void>;
}

export interface StartOptions {
  env?: Record<string, string>;
  /** Serve the built PWA from this directory (defaults to dist/). */
  publicDir?: string;
  /** the project tree whose server to run (default this one) */
  root?: string;
  /** Run this binary instead of the tree's server/bin/venue-server, naming none of the tree's folders (a release). */
  binary?: string;
  /** The server's working directory (default the test's). */
  cwd?: string;
}

export const projectRoot: string = impl.projectRoot;
export const freePort: () => Promise<number> = impl.freePort;
export const startPocketBase: (options?: StartOptions) => Promise<StartedPocketBase> = impl.startPocketBase;
