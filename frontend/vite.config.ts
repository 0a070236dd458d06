import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';

// The NestJS API lives under /api on the same origin in production (it serves
// frontend/dist at /). During `vite dev` (and `vite preview`) we proxy /api to
// the locally running API so cookies stay first-party.
const apiTarget = process.env.CANS_API_URL ?? 'http://localhost:3000';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [
    react(),
    // The web app is the mobile app (issue 28 item 15): installable from the browser, with an offline shell. The
    // service worker precaches the built files only; it never caches an API answer, so no child's data is kept in
    // the browser's caches (docs/security.md, "The browser").
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      manifest: {
        name: 'CANS — Child and Adolescent Needs and Strengths',
        short_name: 'CANS',
        description: 'CANS assessments for child-welfare agencies',
        id: '/',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        background_color: '#f4f6f9',
        theme_color: '#1a3a6b',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
        // The editor's chunk is large; it is precached like the rest so the shell works offline.
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api(\/|$)/],
        runtimeCaching: [],
        cleanupOutdatedCaches: true,
      },
    }),
  ],
  // The chart rules of spec 001 §9 are shared with the server-rendered PDF charts, the CSV formula-injection
  // guard with the server's CSVs, and the return / close reason rule with the decider, the
  // rich-text allow-list with the server's sanitiser (.dependency-cruiser.cjs).
  resolve: {
    alias: {
      '@cans/domain/reports/chart-rules': fileURLToPath(new URL('../domain/src/reports/chart-rules.ts', import.meta.url)),
      '@cans/domain/csv/spreadsheet-safe-cell': fileURLToPath(new URL('../domain/src/csv/spreadsheet-safe-cell.ts', import.meta.url)),
      '@cans/domain/assessments/narrative.validation': fileURLToPath(
        new URL('../domain/src/assessments/narrative.validation.ts', import.meta.url),
      ),
      '@cans/domain/library/rich-text-policy': fileURLToPath(new URL('../domain/src/library/rich-text-policy.ts', import.meta.url)),
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
    },
  },
  preview: {
    port: 4173,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 900,
    rollupOptions: {
      output: {
        // Keep the framework code in long-lived, separately cached chunks.
        manualChunks(id: string) {
          if (!id.includes('node_modules')) return undefined;
          // The rich-text editor is loaded only by the pages that edit rich text (library/RichTextEditor.tsx).
          if (/node_modules\/(@tiptap|prosemirror-[a-z-]+|ra-input-rich-text|linkifyjs|orderedmap|rope-sequence|w3c-keyname)\//.test(id))
            return 'rich-text-editor';
          if (/node_modules\/@mui\/icons-material\//.test(id)) return 'mui-icons';
          if (/node_modules\/(@mui|@emotion)\//.test(id)) return 'mui';
          if (/node_modules\/(react-admin|ra-[a-z-]+)\//.test(id)) return 'react-admin';
          if (/node_modules\/(react|react-dom|react-router|react-router-dom|scheduler)\//.test(id)) return 'react';
          return 'vendor';
        },
      },
    },
  },
});
