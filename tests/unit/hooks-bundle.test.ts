/**
 * pb_hooks/ is generated from hooks/ (scripts/build-rules.mjs): the registration stubs
 * (pb_hooks/*.pb.js) call entry points of one bundle (pb_hooks/lib/backend.js) by name. The
 * compiler checks those names in hooks/; this checks the files PocketBase actually loads: it builds
 * them, loads the bundle in a bare context (as server/bodies.go does: no PocketBase globals), runs
 * every stub with stand-ins for PocketBase's registration functions, and calls every handler it
 * registered, so each `require(…/lib/backend.js).name` a stub makes is resolved against the bundle.
 * The list of names comes from running the stubs, not from a list kept here.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';
import { beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const out = path.join(root, 'pb_hooks');
const bundlePath = path.join(out, 'lib', 'backend.js');

type Handler = (...args: unknown[]) => unknown;

/** Loads the bundle as goja's require() does (CommonJS) in a context with nothing but its own globals. */
function loadBundle(text: string): Record<string, unknown> {
  const mod: { exports: Record<string, unknown> } = { exports: {} };
  vm.runInNewContext(text, { module: mod, exports: mod.exports }, { filename: bundlePath });
  return mod.exports;
}

/** Anything a handler may touch of its event or of $app: every property is another stand-in, every call returns one. */
function standIn(): unknown {
  const fn = () => proxy;
  const proxy: unknown = new Proxy(fn, { get: (_t, key) => (key === Symbol.toPrimitive ? () => '' : proxy), apply: () => proxy });
  return proxy;
}

/** Runs one stub; returns the handlers it registered (routes, hooks, crons, command runs). */
function runStub(file: string, backend: Record<string, unknown>, called: Set<string>, missing: Set<string>): Handler[] {
  const handlers: Handler[] = [];
  const collect = (...args: unknown[]) => {
    for (const a of args) if (typeof a === 'function') handlers.push(a as Handler);
  };
  const requireBundle = (id: string) => {
    if (!id.endsWith('/lib/backend.js')) throw new Error(`${path.basename(file)} requires ${id}, not the bundle`);
    return new Proxy(backend, {
      get(target, key) {
        if (typeof key !== 'string') return undefined;
        called.add(key);
        if (typeof target[key] !== 'function') missing.add(`${path.basename(file)}: backend.${key}`);
        // The stub's call is what is checked here; the entry point itself is exercised by the API tests.
        return () => undefined;
      },
    });
  };
  class Command {
    constructor(options: { run?: Handler }) {
      if (options.run) handlers.push(options.run);
    }
    flags() {
      return { string: () => undefined, bool: () => undefined };
    }
  }
  const globals: Record<string, unknown> = new Proxy(
    {
      __hooks: '/hooks',
      require: requireBundle,
      Command,
      $app: { rootCmd: { addCommand: () => undefined } },
      $apis: standIn(),
      routerAdd: collect,
      cronAdd: collect,
    },
    {
      // Every on…() registration function of PocketBase's jsvm.
      has: () => true,
      get: (target: Record<string, unknown>, key) => {
        if (typeof key === 'string' && key in target) return target[key];
        if (typeof key === 'string' && /^on[A-Z]/.test(key)) return collect;
        return (globalThis as Record<string | symbol, unknown>)[key];
      },
    },
  );
  vm.runInNewContext(`with (globals) {\n${readFileSync(file, 'utf8')}\n}`, { globals }, { filename: file });
  return handlers;
}

describe('pb_hooks (generated from hooks/)', () => {
  beforeAll(() => {
    execFileSync(process.execPath, [path.join(root, 'scripts/build-rules.mjs'), '--quiet'], { encoding: 'utf8' });
  }, 60_000);

  it('is one CommonJS bundle without Intl, zod or async code, loadable with no PocketBase globals', () => {
    const text = readFileSync(bundlePath, 'utf8');
    expect(text).not.toMatch(/\bIntl\./);
    expect(text).not.toMatch(/\basync\s+function|\bawait\b/);
    expect(text).not.toContain('zod');
    const backend = loadBundle(text);
    // What server/bodies.go reads from it at start-up.
    expect((backend.REQUEST_LIMITS as { bodyMaxBytes: number }).bodyMaxBytes).toBeGreaterThan(0);
    expect(typeof (backend.REQUEST_MESSAGES as { bodyTooLarge: string }).bodyTooLarge).toBe('string');
    expect(backend.PUBLIC_CREATE_COLLECTIONS).toContain('reservations');
    expect(readdirSync(path.join(out, 'lib'))).toEqual(['backend.js', 'create-rules.js', 'outbox-mail.js']);
  });

  it('has the public creates\' rules as a bundle of their own, loadable with no PocketBase globals', () => {
    const text = readFileSync(path.join(out, 'lib', 'create-rules.js'), 'utf8');
    expect(text).not.toMatch(/\bIntl\./);
    expect(text).not.toMatch(/\basync\s+function|\bawait\b/);
    expect(text).not.toContain('zod');
    const rules = loadBundle(text);
    // What server/rules.go reads from it at start-up, and the calls it makes.
    // Every public create is served by the Go create path (bodies.go reads the list from the hooks' bundle).
    const backend = loadBundle(readFileSync(bundlePath, 'utf8'));
    expect(rules.PLANNED_COLLECTIONS).toEqual(backend.PUBLIC_CREATE_COLLECTIONS);
    for (const name of ['planCreateJson', 'checkSeatsJson', 'refusalJson', 'lineRefusalJson', 'planOffersJson', 'reminderNightJson', 'dueRemindersJson', 'nowFlagJson', 'venueNightJson', 'planClaimJson', 'entrySummaryJson', 'reservationSummaryJson', 'planChangeJson', 'planCancelJson', 'planReservationMailJson', 'planPullJson']) expect(typeof rules[name], name).toBe('function');
    for (const name of ['SEATS_ON_SQL', 'WAITLIST_LINE_SQL']) expect(rules[name], name).toMatch(/^SELECT /);
  });

  it('has every entry point a registration stub calls', () => {
    const backend = loadBundle(readFileSync(bundlePath, 'utf8'));
    const stubs = readdirSync(out).filter((f) => f.endsWith('.pb.js'));
    const sources = readdirSync(path.join(root, 'hooks', 'register')).filter((f) => f.endsWith('.pb.ts'));
    expect(stubs.sort()).toEqual(sources.map((f) => f.replace(/\.ts$/, '.js')).sort());
    const called = new Set<string>();
    const missing = new Set<string>();
    for (const stub of stubs) {
      const handlers = runStub(path.join(out, stub), backend, called, missing);
      expect(handlers.length, `${stub} registers nothing`).toBeGreaterThan(0);
      for (const handler of handlers) handler(standIn(), []);
    }
    expect([...missing]).toEqual([]);
    // Every `.name(` after a require of the bundle in the stubs' text was reached by running them.
    const named = new Set(
      stubs.flatMap((stub) => [...readFileSync(path.join(out, stub), 'utf8').matchAll(/lib\/backend\.js`\)\.(\w+)/g)].map((m) => m[1] as string)),
    );
    expect([...named].filter((name) => !called.has(name))).toEqual([]);
    expect(called.size).toBeGreaterThan(20);
  });
});
