/**
 * The web build needs Node only (ISSUE 26 item 4): what `vite build` loads (its config, the
 * prerenderer and the app it renders) never compiles Go, starts a server or reads test support.
 * The proof by hand: `PATH=<node and npm only> npm run build:web` (README, Build).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import seedEvents from '../../pb_migrations/seed/events.json';
import { weeklyScheduleOf } from '../../src/features/events';
// @ts-expect-error: plain .mjs build scripts without types
import { WEB_INPUTS } from '../../scripts/lib.mjs';
// @ts-expect-error: plain .mjs build scripts without types
import { SEED_EVENTS, weeklyScheduleAtBuild } from '../../scripts/prerender.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const ENTRIES = ['vite.config.ts', 'scripts/prerender.mjs', 'scripts/postbuild.mjs', 'src/entry-server.tsx'];
const SPECIFIERS = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"]([^'"]+)['"]/g;

/** A relative import's file, as Vite resolves it (extension or index file added). */
function resolveRelative(from: string, specifier: string): string | null {
  const base = path.resolve(path.dirname(from), specifier.replace(/\?.*$/, ''));
  const candidates = [base, ...['.ts', '.tsx', '.mjs', '.js'].map((ext) => base + ext), ...['index.ts', 'index.tsx'].map((f) => path.join(base, f))];
  return candidates.find((file) => existsSync(file) && /\.(ts|tsx|mjs|js)$/.test(file)) ?? null;
}

/** Every project module the build loads from ENTRIES, with the bare and node: modules each imports. */
function buildGraph(): Map<string, { text: string; imports: string[] }> {
  const graph = new Map<string, { text: string; imports: string[] }>();
  const stack = ENTRIES.map((entry) => path.join(root, entry));
  while (stack.length) {
    const file = stack.pop()!;
    if (graph.has(file)) continue;
    const text = readFileSync(file, 'utf8');
    const imports = [...text.matchAll(SPECIFIERS)].map((m) => m[1]!);
    graph.set(file, { text, imports });
    for (const specifier of imports) {
      if (!specifier.startsWith('.')) continue;
      const resolved = resolveRelative(file, specifier);
      if (resolved) stack.push(resolved);
    }
  }
  return graph;
}

describe('the web build', () => {
  const graph = buildGraph();
  const files = [...graph.keys()].map((file) => path.relative(root, file));

  it('loads its config, the prerenderer and the app it renders', () => {
    expect(files).toEqual(expect.arrayContaining(['vite.config.ts', 'scripts/prerender.mjs', 'src/entry-server.tsx', 'src/features/events/buildSchedule.ts']));
    expect(files.length).toBeGreaterThan(50);
  });

  it('never spawns a process (no Go compiler, no server) nor loads test support', () => {
    expect(files.filter((file) => file.startsWith('tests/'))).toEqual([]);
    const spawning = [...graph].filter(([, { imports }]) => imports.some((s) => /^(node:)?child_process$/.test(s)));
    expect(spawning.map(([file]) => path.relative(root, file))).toEqual([]);
    const naming = [...graph].filter(([, { text }]) => /tests['"/,\s]+support|build-server|startPocketBase/.test(text));
    expect(naming.map(([file]) => path.relative(root, file))).toEqual([]);
  });

  it("reads the seed's schedule from the file the seed migration saves, and rebuilds when it changes", () => {
    expect(readFileSync(path.join(root, 'pb_migrations/1763700100_seed.js'), 'utf8')).toContain(SEED_EVENTS.replace(/^pb_migrations\//, '${__migrations}/'));
    expect(WEB_INPUTS).toContain(SEED_EVENTS);
  });
});

describe('the weekly schedule a build shows', () => {
  afterEach(() => vi.unstubAllEnvs());
  const server = (live: string[]) => ({ weeklyScheduleOf, buildScheduleFrom: async (origin: string) => (live.push(origin), []) });

  it("is the seed's, from its data file, when BUILD_EVENTS_URL is unset", async () => {
    vi.stubEnv('BUILD_EVENTS_URL', '');
    const asked: string[] = [];
    const schedule = await weeklyScheduleAtBuild(root, server(asked));
    expect(schedule).toEqual(weeklyScheduleOf(seedEvents));
    expect(schedule).toHaveLength(13);
    expect(asked).toEqual([]);
  });

  it("is the live site's when BUILD_EVENTS_URL names it", async () => {
    vi.stubEnv('BUILD_EVENTS_URL', 'https://games.example.test/');
    const asked: string[] = [];
    await weeklyScheduleAtBuild(root, server(asked));
    expect(asked).toEqual(['https://games.example.test']);
  });
});
