import { readFileSync } from 'node:fs';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA, type ManifestOptions } from 'vite-plugin-pwa';

// The manifest is a top-level file so it can be read and linted on its own; the plugin emits it.
const manifest = JSON.parse(readFileSync(new URL('./manifest.webmanifest', import.meta.url), 'utf8')) as Partial<ManifestOptions>;

const backend = process.env.VITE_BACKEND_URL ?? 'http://127.0.0.1:8090';

export default defineConfig({
  // One setting for the public origin: SITE_URL (as for the server and the sitemap). Empty means
  // the page's own origin, which is right for local use.
  define: {
    'import.meta.env.VITE_SITE_URL': JSON.stringify(process.env.SITE_URL || process.env.VITE_SITE_URL || ''),
  },
  plugins: [
    react(),
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      manifest,
      manifestFilename: 'manifest.webmanifest',
      includeAssets: ['favicon.svg', 'robots.txt', 'icons/*.png'],
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,webp,png,woff2,webmanifest}'],
        // The browser only fetches the font subsets a page uses; precache the Latin ones.
        globIgnores: ['**/*-cyrillic*', '**/*-greek*', '**/*-vietnamese*'],
        // Media over the precache limit (videos) is cached at runtime instead.
        maximumFileSizeToCacheInBytes: 2 * 1024 * 1024,
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//, /^\/_\//],
        cleanupOutdatedCaches: true,
        runtimeCaching: [
          {
            // Events and the weekly schedule stay readable offline.
            urlPattern: ({ url }) => url.pathname.startsWith('/api/collections/events/records'),
            handler: 'NetworkFirst',
            options: { cacheName: 'events', networkTimeoutSeconds: 4, expiration: { maxEntries: 20 } },
          },
          {
            urlPattern: ({ url }) => url.pathname === '/api/availability',
            handler: 'NetworkFirst',
            options: { cacheName: 'availability', networkTimeoutSeconds: 4, expiration: { maxEntries: 20 } },
          },
          {
            urlPattern: ({ url }) => url.pathname.startsWith('/media/') && url.pathname.endsWith('.webm'),
            handler: 'CacheFirst',
            options: { cacheName: 'media', expiration: { maxEntries: 10 }, rangeRequests: true },
          },
        ],
      },
    }),
  ],
  build: {
    target: 'es2022',
    sourcemap: true,
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
});
