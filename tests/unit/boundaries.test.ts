/**
 * The import boundaries the lint step enforces (eslint/boundaries.js): feature internals, arrows back
 * up into src/app and src/pages however the path is spelled, the backend's (hooks/) imports, and
 * import circles.
 */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint, RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .js lint module without types
import { aliasesFromTsconfig, backendBoundaries, featureBoundaries, importCycleConfig } from '../../eslint/boundaries.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const at = (file: string) => path.join(root, file);

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const tester = new RuleTester({ languageOptions: { parser: tseslint.parser, ecmaVersion: 2022, sourceType: 'module' } });
const options = [{ root, aliases: { '@/*': 'src/*', '#venue': 'src/content/venue.ts' } }];
const upward = [{ messageId: 'upward' }];
const internal = [{ messageId: 'internal' }];

tester.run('feature-boundaries', featureBoundaries, {
  valid: [
    { filename: at('src/pages/MenuPage.tsx'), options, code: "import { Menu } from '../features/content';" },
    { filename: at('src/pages/MenuPage.tsx'), options, code: "import { Menu } from '@/features/content';" },
    { filename: at('src/pages/MenuPage.tsx'), options, code: "import { usePreloadRoutes } from '../components/routing';" },
    { filename: at('src/pages/BlogArticlePage.tsx'), options, code: "import NotFoundPage from './NotFoundPage';" },
    { filename: at('src/app/routes.ts'), options, code: "const load = () => import('../pages/HomePage');" },
    { filename: at('src/main.tsx'), options, code: "import { App } from './app/App';" },
    { filename: at('src/entry-server.tsx'), options, code: "import { routes } from './app/routes';" },
    { filename: at('src/features/kiosk/Kiosk.tsx'), options, code: "import { KioskSlots } from './KioskSlots';" },
    { filename: at('src/features/kiosk/Kiosk.tsx'), options, code: "import { useOutbox } from '../outbox/live';" },
    { filename: at('src/features/kiosk/Kiosk.test.tsx'), options, code: "import { resetOutboxForTests } from '../outbox/testing';" },
    { filename: at('src/features/kiosk/Kiosk.tsx'), options, code: "import { venue } from '#venue';" },
    { filename: at('src/features/kiosk/Kiosk.tsx'), options, code: "import { z } from 'zod';" },
    // Tests sit outside src: they may read the route table.
    { filename: at('tests/support/siteRoutes.ts'), options, code: "import { routes } from '../../src/app/routes';" },
  ],
  invalid: [
    // The circle this rule exists for: a page importing the route table that imports every page.
    { filename: at('src/pages/TriviaPage.tsx'), options, code: "import { usePreloadRoutes } from '../app/routes';", errors: upward },
    { filename: at('src/pages/TriviaPage.tsx'), options, code: "import { usePreloadRoutes } from '@/app/routes';", errors: upward },
    { filename: at('src/pages/TriviaPage.tsx'), options, code: "import { usePreloadRoutes } from '/src/app/routes';", errors: upward },
    { filename: at('src/pages/TriviaPage.tsx'), options, code: `import { usePreloadRoutes } from '${at('src/app/routes')}';`, errors: upward },
    { filename: at('src/pages/TriviaPage.tsx'), options, code: "import type { RouteDef } from '../app/routes';", errors: upward },
    { filename: at('src/pages/TriviaPage.tsx'), options, code: "export { routes } from '../app/routes';", errors: upward },
    { filename: at('src/pages/TriviaPage.tsx'), options, code: "void import('../app/lazyPages');", errors: upward },
    { filename: at('src/features/events/Trivia.tsx'), options, code: "import HomePage from '../../pages/HomePage';", errors: upward },
    { filename: at('src/components/Button.tsx'), options, code: "import { App } from '@/app/App';", errors: upward },
    // Another feature's internals, however the path is spelled.
    { filename: at('src/features/kiosk/KioskSession.tsx'), options, code: "import { TextField } from '../reservations/TextField';", errors: internal },
    { filename: at('src/features/kiosk/KioskSession.tsx'), options, code: "import { TextField } from '@/features/reservations/TextField';", errors: internal },
    { filename: at('src/features/kiosk/KioskSession.tsx'), options, code: "import { TextField } from '/src/features/reservations/TextField';", errors: internal },
    { filename: at('src/pages/KioskPage.tsx'), options, code: "import { Kiosk } from '@/features/kiosk/Kiosk';", errors: internal },
    { filename: at('src/features/kiosk/KioskSession.tsx'), options, code: "import { db } from '../outbox/db';", errors: internal },
    // The outbox's test entry is for tests only.
    { filename: at('src/features/kiosk/KioskSession.tsx'), options, code: "import { resetOutboxForTests } from '../outbox/testing';", errors: internal },
  ],
});

const backend = [{ root }];
tester.run('backend-boundaries', backendBoundaries, {
  valid: [
    { filename: at('hooks/lib/capacity.ts'), options: backend, code: "import * as S from '../rules';" },
    { filename: at('hooks/rules/index.ts'), options: backend, code: "export * from '../../src/lib/rules/limits';" },
    { filename: at('hooks/rules/mail.ts'), options: backend, code: "import { formatLongDate } from '../../src/lib/venueTime';" },
    { filename: at('hooks/rules/mail.ts'), options: backend, code: "import { venue } from '../../src/content/venue';" },
    { filename: at('hooks/rules/mail.test.ts'), options: backend, code: "import { it } from 'vitest';" },
    // The browser's code imports the shared rules, and tests may read the server's.
    { filename: at('src/features/kiosk/Kiosk.tsx'), options: backend, code: "import { MESSAGES } from '../../lib/rules';" },
    { filename: at('tests/api/imip.test.ts'), options: backend, code: "import { reservationIcsUid } from '../../hooks/rules/ics';" },
  ],
  invalid: [
    { filename: at('hooks/lib/http.ts'), options: backend, code: "import { Kiosk } from '../../src/features/kiosk';", errors: [{ messageId: 'hooksImportsApp' }] },
    { filename: at('hooks/lib/http.ts'), options: backend, code: "import { escapeHtml } from '../../src/lib/seo';", errors: [{ messageId: 'hooksImportsApp' }] },
    { filename: at('hooks/lib/http.ts'), options: backend, code: "import { z } from 'zod';", errors: [{ messageId: 'hooksImportsPackage' }] },
    { filename: at('hooks/lib/http.ts'), options: backend, code: "import { it } from 'vitest';", errors: [{ messageId: 'hooksImportsPackage' }] },
    { filename: at('src/lib/rules/csv.ts'), options: backend, code: "import { stamp } from '../../../hooks/lib/ids';", errors: [{ messageId: 'srcImportsHooks' }] },
  ],
});

const temps: string[] = [];
afterAll(() => temps.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** A throwaway project: a tsconfig with an alias and the given files. */
function project(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'boundaries-'));
  temps.push(dir);
  const tsconfig = { compilerOptions: { module: 'ESNext', moduleResolution: 'bundler', strict: true, paths: { '@/*': ['./src/*'] } }, include: ['src'] };
  writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify(tsconfig));
  for (const [file, code] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), code);
  }
  return dir;
}

async function cycleReports(dir: string): Promise<string[]> {
  const eslint = new ESLint({
    cwd: dir,
    overrideConfigFile: true,
    overrideConfig: [{ languageOptions: { parser: tseslint.parser } }, importCycleConfig({ root: dir, files: ['src/**/*.ts'] })],
  });
  const results = await eslint.lintFiles(['src']);
  return results.flatMap((r) => r.messages.map((m) => `${path.relative(dir, r.filePath)}: ${m.ruleId ?? m.message}`)).sort();
}

// Linting reads and parses files from disk: slow on a busy machine.
describe('the import-cycle check', { timeout: 30_000 }, () => {
  it('reports a circle, aliased imports included', async () => {
    const dir = project({ 'src/a.ts': "import { b } from './b';\nexport const a = () => b;\n", 'src/b.ts': "import { a } from '@/a';\nexport const b = () => a;\n" });
    expect(await cycleReports(dir)).toEqual(['src/a.ts: import-x/no-cycle', 'src/b.ts: import-x/no-cycle']);
  });

  it('reports a circle closed by a dynamic import (a route table loading the page that imports it)', async () => {
    const dir = project({
      'src/routes.ts': "export const routes = [{ load: () => import('./pages/Page') }];\n",
      'src/pages/Page.ts': "import { routes } from '../routes';\nexport default routes;\n",
    });
    expect(await cycleReports(dir)).toEqual(['src/pages/Page.ts: import-x/no-cycle', 'src/routes.ts: import-x/no-cycle']);
  });

  it('is quiet when the arrows only point down', async () => {
    const dir = project({ 'src/a.ts': "import { b } from './b';\nexport const a = b;\n", 'src/b.ts': 'export const b = 1;\n' });
    expect(await cycleReports(dir)).toEqual([]);
  });
});

describe("the project's lint config", () => {
  it('reads aliases from tsconfig paths', () => {
    const dir = project({});
    expect(aliasesFromTsconfig(dir)).toEqual({ '@/*': 'src/*' });
  });

  it('flags a page that imports src/app', async () => {
    const eslint = new ESLint({ cwd: root });
    const [result] = await eslint.lintText("import { routes } from '../app/routes';\nexport default () => routes.length;\n", { filePath: at('src/pages/BoundaryProbePage.tsx') });
    expect(result?.messages.map((m) => m.ruleId)).toContain('local/feature-boundaries');
  }, 60_000);
});
