import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA, type ManifestOptions } from 'vite-plugin-pwa';
// Relative imports name their file: Vite 8's native config loader (Node itself) needs the extension.
import { blogMetaPlugin } from './src/content/blog/metaPlugin.ts';
import { OFFLINE_COPIES_DIR } from './src/lib/offlineCopies.ts';
import { chunkPlan } from './vite/chunkPlan.ts';
import { cssModuleSources } from './vite/cssModuleSources.ts';

// The manifest is a top-level file so it can be read and linted on its own; the plugin emits it.
const manifest = JSON.parse(readFileSync(new URL('./manifest.webmanifest', import.meta.url), 'utf8')) as Partial<ManifestOptions>;

const backend = process.env.VITE_BACKEND_URL ?? 'http://127.0.0.1:8090';

/** Pages only staff devices open: their code is cached when used, not precached on every phone. */
const STAFF_PAGES = /\/src\/pages\/(AdminDashboardPage|AdminLoginPage|AdminResetPasswordPage|AdminAcceptInvitePage|KioskPage)\.tsx$/;
/**
 * Left out of the precache: the staff pages, and the pages behind a guest's mail links (manage a
 * reservation, a waitlist entry), which read and write the server as they open and so do nothing
 * offline. Offline such a page waits for the connection (lazyPages); online it loads as any chunk.
 */
const NOT_PRECACHED_PAGES = /\/src\/pages\/(AdminDashboardPage|AdminLoginPage|AdminResetPasswordPage|AdminAcceptInvitePage|KioskPage|CancelReservationPage|WaitlistPage)\.tsx$/;

/** The staff app (sign-in and every dashboard view): cached on a device once staff sign in there. */
const STAFF_APP_PAGES = /\/src\/pages\/(AdminDashboardPage|AdminLoginPage)\.tsx$/;

/** What the service worker caches after a staff sign-in (src/sw/staffApp.ts), filled in by the build. */
interface StaffApp {
  /** the staff app's own files (not in the guests' precache), e.g. 'assets/AdminDashboardPage-….js' */
  files: Set<string>;
  outDir: string;
}

/**
 * Finds the files only staff pages need (the dashboard, the kiosk and what only they import), so
 * the service worker's precache leaves them out (manifestTransforms below), and among them the
 * staff app's (staffApp.files).
 */
function staffOnlyFiles(found: Set<string>, staffApp: StaffApp): Plugin {
  return {
      name: 'venue:staff-only-files',
      apply: 'build',
      configResolved(config) {
        staffApp.outDir = path.resolve(config.root, config.build.outDir);
      },
      generateBundle(_options, bundle) {
        const chunks = Object.values(bundle).filter((item) => item.type === 'chunk');
        const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        const reach = (roots: typeof chunks, skip: (chunk: (typeof chunks)[number]) => boolean = () => false) => {
          const seen = new Set<string>();
          const stack = roots.map((chunk) => chunk.fileName);
          while (stack.length) {
            const file = stack.pop()!;
            if (seen.has(file)) continue;
            const chunk = byFile.get(file);
            if (chunk && skip(chunk)) continue;
            seen.add(file);
            if (!chunk) continue;
            for (const css of chunk.viteMetadata?.importedCss ?? []) seen.add(css);
            stack.push(...chunk.imports, ...chunk.dynamicImports);
          }
          return seen;
        };
        const isStaff = (chunk: (typeof chunks)[number]) => !!chunk.facadeModuleId && NOT_PRECACHED_PAGES.test(chunk.facadeModuleId.replace(/\\/g, '/'));
        // Public: the entry and every public page, without following links into staff pages.
        const publicRoots = chunks.filter((chunk) => chunk.isEntry || (chunk.isDynamicEntry && !isStaff(chunk)));
        const staff = reach(chunks.filter(isStaff));
        const publicFiles = new Set<string>();
        for (const file of reach(publicRoots, isStaff)) publicFiles.add(file);
        found.clear();
        for (const file of staff) if (!publicFiles.has(file)) found.add(file);
        const isStaffApp = (chunk: (typeof chunks)[number]) => !!chunk.facadeModuleId && STAFF_APP_PAGES.test(chunk.facadeModuleId.replace(/\\/g, '/'));
        staffApp.files.clear();
        // Not through the public chunks: the app's route table there links every page (the kiosk's too).
        for (const file of reach(chunks.filter(isStaffApp), (chunk) => publicFiles.has(chunk.fileName))) {
          if (!publicFiles.has(file)) staffApp.files.add(file);
        }
      },
    };
  }

  /**
   * The service worker's `virtual:staff-app` module: the staff app's URLs (its own chunks and
   * styles, and the app shell /admin/* pages are answered with) and a version, a hash of those
   * names (content-hashed) and of the shell's bytes. The worker keeps them in the cache
   * 'staff-app-<version>', so a build that changes any of them replaces the whole cache.
   */
  function staffAppModule(staffApp: StaffApp): Plugin {
    const id = 'virtual:staff-app';
    return {
      name: 'venue:staff-app',
      resolveId: (source) => (source === id ? `\0${id}` : null),
      load(loading) {
        if (loading !== `\0${id}`) return null;
        const files = [...staffApp.files].sort().map((file) => `/${file}`);
        const hash = createHash('sha256').update(files.join('\n'));
        hash.update(readFileSync(path.join(staffApp.outDir, 'shell.html')));
        const manifest = { version: hash.digest('hex').slice(0, 12), files: [...files, '/shell.html'] };
        return `export const STAFF_APP = ${JSON.stringify(manifest)};`;
      },
    };
  }

  /**
   * After the client build, prerender every public page (scripts/prerender.mjs). It runs before
   * vite-plugin-pwa writes the service worker (closeBundleOrder 'post' below), so the worker
   * precaches each page's own HTML.
   */
  function prerender(): Plugin {
    let outDir = 'dist';
    let root = process.cwd();
    return {
      name: 'venue:prerender',
      apply: 'build',
      configResolved(config) {
        outDir = path.resolve(config.root, config.build.outDir);
        root = config.root;
      },
      closeBundle: {
        order: 'pre',
        sequential: true,
        async handler() {
          // @ts-expect-error: a plain .mjs build script without types
          const { prerenderSite } = (await import('./scripts/prerender.mjs')) as { prerenderSite: (o: object) => Promise<void> };
          await prerenderSite({ root, outDir, configFile: fileURLToPath(import.meta.url) });
        },
      },
    };
  }

  export default defineConfig(({ isSsrBuild }) => {
    const staffFiles = new Set<string>();
    const staffApp: StaffApp = { files: new Set(), outDir: 'dist' };
    const chunks = chunkPlan((id) => STAFF_PAGES.test(id.replace(/\\/g, '/')));
    return {
    // One setting for the public origin: SITE_URL (as for the server and the sitemap). Empty means
    // the page's own origin, which is right for local use.
    define: {
      'import.meta.env.VITE_SITE_URL': JSON.stringify(process.env.SITE_URL || process.env.VITE_SITE_URL || ''),
    },
    plugins: [
      react(),
      blogMetaPlugin(),
      ...(isSsrBuild ? [] : [prerender(), staffOnlyFiles(staffFiles, staffApp), chunks.plugin]),
      VitePWA({
        disable: isSsrBuild,
        // Generate the worker after the prerenderer has written every page's HTML.
        integration: { closeBundleOrder: 'post' },
        registerType: 'prompt',
        injectRegister: false,
        manifest,
        manifestFilename: 'manifest.webmanifest',
        // The glob below already takes the icons, the favicon and the manifest: listing them here too
        // put each in the precache list twice.
        includeManifestIcons: false,
        // Our own worker (src/sw/sw.ts): it answers each navigation with the page's offline copy,
        // which generateSW's routes cannot map to.
        strategies: 'injectManifest',
        srcDir: 'src/sw',
        filename: 'sw.ts',
        injectManifest: {
          // A classic script, as generateSW wrote it: every browser that runs the site registers it.
          rollupFormat: 'iife',
          // Each public page's offline copy (its stylesheets linked, not inline) and the app shell;
          // never the pages served over the network (their inline CSS, once per page) nor 404.html
          // (the shell renders unknown paths as the 404 page).
          globPatterns: ['**/*.{js,css,svg,webp,png,woff2,webmanifest}', `${OFFLINE_COPIES_DIR}/**/*.html`, 'shell.html'],
          // The browser only fetches the font subsets a page uses; precache the Latin ones.
          // (The manifest is listed by the plugin itself.)
          globIgnores: ['**/*-cyrillic*', '**/*-greek*', '**/*-vietnamese*', 'manifest.webmanifest', 'sw.js'],
          maximumFileSizeToCacheInBytes: 2 * 1024 * 1024,
          // The staff app's file list for the worker (src/sw/staffApp.ts).
          buildPlugins: { vite: [staffAppModule(staffApp)] },
          // A guest's phone precaches the public site only; the staff app is cached after a staff
          // sign-in (src/sw/staffApp.ts), the kiosk's code when opened.
          manifestTransforms: [async (entries) => ({ manifest: entries.filter((entry) => !staffFiles.has(entry.url)), warnings: [] })],
        },
      }),
    ],
    css: {
      // CSS that `composes ... from` another module copies in keeps a source file (vite/cssModuleSources.ts).
      postcss: { plugins: [cssModuleSources()] },
    },
    build: {
      target: 'es2022',
      sourcemap: true,
      // The prerenderer reads it to link each page's own chunks and styles.
      manifest: !isSsrBuild,
      rolldownOptions: isSsrBuild
        ? {}
        : {
            output: {
              // Every page needs React and the router: one file for them instead of half a dozen
              // small ones, each a request a phone on a slow network waits for.
              codeSplitting: {
                groups: [
                  { name: 'framework', priority: 10, test: /node_modules[\\/](react|react-dom|scheduler|wouter|regexparam|use-sync-external-store)[\\/]/ },
                  // The app's own shared code in two files instead of twenty (vite/chunkPlan.ts).
                  ...chunks.groups,
                ],
              },
            },
          },
    },
    server: {
      proxy: {
        '/api': { target: backend, changeOrigin: false },
        '/_': { target: backend, changeOrigin: false },
      },
    },
    preview: {
      proxy: {
        '/api': { target: backend, changeOrigin: false },
      },
    },
  };
});
