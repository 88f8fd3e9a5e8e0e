/**
 * The layout's import boundaries, as lint rules (used by eslint.config.js, tested in
 * tests/unit/boundaries.test.ts):
 *
 * - `feature-boundaries` (local): feature folders talk to each other only through their public entry
 *   (src/features/<name>/index.ts, and the outbox also through features/outbox/live); files of the
 *   same feature import each other freely. Nothing below src/app imports src/app, and nothing below
 *   src/pages imports src/pages: the route table names every page, so an arrow back up closes an
 *   import circle. Relative, absolute, Vite root-relative (`/src/…`) and aliased specifiers are all
 *   resolved before the check, so no spelling slips past it.
 * - `backend-boundaries` (local): the hooks (hooks/) import from src only the modules browser and
 *   server share (src/lib/rules, src/lib/venueTime.ts, src/content/venue*.ts), no package (the
 *   bundle runs in goja: no React, no zod; tests may import vitest), and src never imports hooks/.
 * - `import-x/no-cycle` over src and hooks (importCycleConfig): any import circle, static or dynamic,
 *   through the TypeScript resolver, so tsconfig aliases are followed too.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';

/**
 * The top-level folders of src that only some folders may import (besides the entries main.tsx,
 * boot.tsx and entry-server.tsx): arrows point down, app → pages → features → components → lib.
 */
const IMPORTERS = { app: ['app'], pages: ['app', 'pages'] };
const ENTRIES = ['main.tsx', 'boot.tsx', 'entry-server.tsx'];

/**
 * The aliases of a tsconfig's `paths` in the rule's notation (`{ '@/*': 'src/*' }`, first target, relative
 * to the project root). An alias has to be in tsconfig for typecheck anyway, so the rule reads it there
 * (a Vite-only alias would need adding here).
 */
export function aliasesFromTsconfig(root, file = 'tsconfig.json') {
  const { compilerOptions = {} } = JSON.parse(readFileSync(path.join(root, file), 'utf8'));
  const base = path.resolve(root, compilerOptions.baseUrl ?? '.');
  return Object.fromEntries(
    Object.entries(compilerOptions.paths ?? {})
      .filter(([, targets]) => targets.length > 0)
      .map(([alias, [target]]) => [alias, path.relative(root, path.resolve(base, target)).split(path.sep).join('/')]),
  );
}

/** The file a specifier points at (without extension guessing), or null for a package. */
export function resolveSpecifier(spec, file, { root, aliases = {} }) {
  if (spec.startsWith('.')) return path.resolve(path.dirname(file), spec);
  if (path.isAbsolute(spec)) {
    // A filesystem path into the project, or Vite's root-relative '/src/…'.
    return spec.startsWith(root + path.sep) ? spec : path.join(root, spec);
  }
  for (const [alias, target] of Object.entries(aliases)) {
    if (alias.endsWith('*')) {
      const prefix = alias.slice(0, -1);
      if (spec.startsWith(prefix)) return path.resolve(root, target.replace(/\*$/, '') + spec.slice(prefix.length));
    } else if (spec === alias) {
      return path.resolve(root, target);
    }
  }
  return null;
}

/** Where a file sits in src: its top-level folder, and for a feature its name and the rest of the path. */
function placeOf(file, root) {
  const relative = path.relative(path.join(root, 'src'), file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return null;
  const [top, name = '', ...rest] = relative.split(path.sep);
  return { top, feature: top === 'features' ? { name, rest: rest.length ? `/${rest.join('/')}` : '' } : null };
}

/**
 * A feature's public entries: its folder, its index and the outbox's Dexie-backed second entry;
 * for a test file also the outbox's test entry (features/outbox/testing), kept out of the guests' code.
 */
function isPublicEntry({ name, rest }, fromTest) {
  if (rest === '' || /^\/index(\.tsx?)?$/.test(rest)) return true;
  if (name !== 'outbox') return false;
  // The outbox's Dexie-backed hooks are a second entry, so its main entry stays light.
  return /^\/live(\.tsx?)?$/.test(rest) || (fromTest && /^\/testing(\.tsx?)?$/.test(rest));
}

export const featureBoundaries = {
  meta: {
    type: 'problem',
    schema: [
      {
        type: 'object',
        properties: { aliases: { type: 'object', additionalProperties: { type: 'string' } }, root: { type: 'string' } },
        additionalProperties: false,
      },
    ],
    messages: {
      internal: "Import '{{name}}' through its public entry 'features/{{name}}' (index.ts), not its internals.",
      upward:
        'src/{{from}} may not import src/{{to}}: arrows point down (app → pages → features → components → lib), and the route table in src/app names every page, so an arrow back up closes an import circle. Move what is shared below (src/components or src/lib), or have src/app hand it down (see components/routing).',
    },
  },
  create(context) {
    const [{ aliases = {}, root: rootOption } = {}] = context.options;
    const root = path.resolve(rootOption ?? context.cwd);
    const file = path.resolve(context.filename);
    const own = placeOf(file, root);
    const check = (node) => {
      const spec = node.source?.value;
      if (typeof spec !== 'string') return;
      const resolved = resolveSpecifier(spec, file, { root, aliases });
      const target = resolved && placeOf(resolved, root);
      if (!target) return;
      // Arrows back up: only the entries (src/main.tsx, src/boot.tsx, src/entry-server.tsx) and the folders above may.
      if (own && !ENTRIES.includes(own.top) && IMPORTERS[target.top] && !IMPORTERS[target.top].includes(own.top)) {
        context.report({ node: node.source, messageId: 'upward', data: { from: own.top, to: target.top } });
        return;
      }
      if (!target.feature || own?.feature?.name === target.feature.name || isPublicEntry(target.feature, /\.test\.[cm]?[jt]sx?$/.test(file))) return;
      context.report({ node: node.source, messageId: 'internal', data: { name: target.feature.name } });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};

/** What the hooks may import from src: the shared rules and what they are built on. */
const BACKEND_SHARED = [/^src\/lib\/rules\/[^/]+\.ts$/, /^src\/lib\/venueTime\.ts$/, /^src\/content\/venue[^/]*\.ts$/];

function withTs(resolved) {
  return /\.[cm]?[jt]sx?$/.test(resolved) ? resolved : `${resolved}.ts`;
}

export const backendBoundaries = {
  meta: {
    type: 'problem',
    schema: [{ type: 'object', properties: { root: { type: 'string' } }, additionalProperties: false }],
    messages: {
      srcImportsHooks: 'src may not import hooks/: the backend is built for PocketBase alone. Move what both need into src/lib/rules.',
      hooksImportsApp:
        "hooks/ may import from src only the shared rules (src/lib/rules, src/lib/venueTime.ts, src/content/venue*.ts), not '{{spec}}': the bundle runs in goja, without the browser's code.",
      hooksImportsPackage: "hooks/ may not import the package '{{spec}}': the bundle runs in goja (no React, no zod); tests may import vitest.",
    },
  },
  create(context) {
    const [{ root: rootOption } = {}] = context.options;
    const root = path.resolve(rootOption ?? context.cwd);
    const file = path.resolve(context.filename);
    const own = path.relative(root, file).split(path.sep).join('/');
    const inHooks = own.startsWith('hooks/');
    const inSrc = own.startsWith('src/');
    if (!inHooks && !inSrc) return {};
    const check = (node) => {
      const spec = node.source?.value;
      if (typeof spec !== 'string') return;
      const resolved = resolveSpecifier(spec, file, { root });
      if (!resolved) {
        if (inHooks && !(spec === 'vitest' && /\.test\.ts$/.test(own))) context.report({ node: node.source, messageId: 'hooksImportsPackage', data: { spec } });
        return;
      }
      const target = path.relative(root, withTs(resolved)).split(path.sep).join('/');
      if (inSrc && target.startsWith('hooks/')) context.report({ node: node.source, messageId: 'srcImportsHooks' });
      if (inHooks && !target.startsWith('hooks/') && !BACKEND_SHARED.some((re) => re.test(target))) {
        context.report({ node: node.source, messageId: 'hooksImportsApp', data: { spec } });
      }
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};

/**
 * import-x's no-cycle over `files`, resolving like TypeScript (tsconfig paths included). Dynamic imports
 * count: the route table loads pages with import(), and a page importing the table back is a circle.
 */
export function importCycleConfig({ root, files, project = path.join(root, 'tsconfig.json') }) {
  return {
    files,
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [createTypeScriptImportResolver({ project })],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  };
}
