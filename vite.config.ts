import { fileURLToPath, URL } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const src = fileURLToPath(new URL('./src', import.meta.url));

export default defineConfig(({ command }) => ({
  plugins: [
    react(),
    tailwindcss(),
    VitePWA({
      registerType: 'prompt',
      injectRegister: null,
      includeAssets: ['favicon.svg', 'icons/*.png'],
      manifest: {
        name: 'Newsdesk – AI News Console',
        short_name: 'Newsdesk',
        description: 'Operator console for automated AI news: workflow, posts, media, video studio and live broadcast.',
        lang: 'de',
        theme_color: '#0f172a',
        background_color: '#0f172a',
        display: 'standalone',
        start_url: '/dashboard',
        scope: '/',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
        shortcuts: [
          { name: 'Live Broadcast', url: '/dashboard/live', icons: [{ src: '/icons/icon-192.png', sizes: '192x192' }] },
          { name: 'Workflow', url: '/dashboard/workflow', icons: [{ src: '/icons/icon-192.png', sizes: '192x192' }] },
          { name: 'Posts', url: '/dashboard/posts', icons: [{ src: '/icons/icon-192.png', sizes: '192x192' }] },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
        // config.json decides mock vs live and must follow the network; the mock chunk is cached at run time only.
        globIgnores: ['**/config.json', '**/mock-network-*.js'],
        navigateFallback: '/index.html',
        // Take control on first install so the shell works offline after one visit; updates still wait for the prompt.
        clientsClaim: true,
        navigateFallbackDenylist: [/^\/api\//, /^\/auth\//],
        runtimeCaching: [
          {
            urlPattern: ({ url }) => url.pathname === '/config.json',
            handler: 'NetworkFirst',
            // ignoreVary: the server varies on Origin, and the page's warm-up fetch sends none.
            options: { cacheName: 'newsdesk-config', networkTimeoutSeconds: 3, matchOptions: { ignoreVary: true } },
          },
          {
            urlPattern: ({ url }) => /\/assets\/mock-network-[^/]+\.js$/.test(url.pathname),
            handler: 'CacheFirst',
            options: { cacheName: 'newsdesk-mocks', expiration: { maxEntries: 8 }, matchOptions: { ignoreVary: true } },
          },
        ],
      },
    }),
  ],
  resolve: {
    alias: [
      { find: '@', replacement: src },
      ...(command === 'build' ? [{ find: /^tldts$/, replacement: `${src}/mocks/tldts-stub.ts` }] : []),
    ],
  },
  build: {
    target: 'es2022',
    // Every browser we support knows modulepreload; the polyfill would cost the first render ~1 KB.
    modulePreload: { polyfill: false },
    rollupOptions: {
      output: {
        chunkFileNames: (chunk) =>
          chunk.name.startsWith('mock-network') ? 'assets/mock-network-[hash].js' : 'assets/[name]-[hash].js',
      },
    },
  },
  preview: { port: 4173, strictPort: true },
}));
