/**
 * One server, browser or other resource for a whole test file, instead of the same
 * `let x; beforeAll(start); afterAll(stop)` in every file:
 *
 *   const v = perFile(() => startVenue(), (venue) => venue.stop());
 *   it('…', () => fetch(v.url));
 *
 * Started in the file's beforeAll (registered first, so a file's own beforeAll runs after it
 * and can use it) and stopped in its afterAll. The returned stand-in forwards to the resource
 * once started, and says so plainly if a test touches it before.
 */
import { afterAll, beforeAll } from 'vitest';
import { startPocketBase, type StartedPocketBase, type StartOptions } from './pocketbase';

export function perFile<T extends object>(start: () => Promise<T>, stop: (resource: T) => unknown): T {
  let resource: T | undefined;
  beforeAll(async () => {
    resource = await start();
  });
  afterAll(async () => {
    if (resource) await stop(resource);
  });
  return new Proxy({} as T, {
    get(_target, key) {
      if (!resource) throw new Error(`perFile: "${String(key)}" read before the file's beforeAll started it`);
      const member: unknown = Reflect.get(resource, key, resource);
      return typeof member === 'function' ? member.bind(resource) : member;
    },
  });
}

/** One PocketBase for a whole test file: `const server = pocketBasePerFile();`. */
export function pocketBasePerFile(options?: StartOptions): StartedPocketBase {
  return perFile(() => startPocketBase(options), (server) => server.stop());
}
