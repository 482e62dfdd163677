import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./src', import.meta.url)),
      'isomorphic-ws': fileURLToPath(new URL('./tests/isomorphic-ws.ts', import.meta.url)),
      'virtual:pwa-register/react': fileURLToPath(new URL('./tests/stubs/pwa-register-react.ts', import.meta.url)),
    },
  },
  test: {
    globals: true,
    environment: 'jsdom',
    setupFiles: ['./tests/setup.ts'],
    testTimeout: 15000,
    // Vitest's default leaves one core free; on a 2-core CI machine that means one worker and twice the wall time.
    maxWorkers: 2,
    css: false,
    // obs-websocket-js binds isomorphic-ws at load; inlined so the alias below gives it MSW's intercepted WebSocket.
    server: { deps: { inline: ['obs-websocket-js'] } },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['src/**/*.test.{ts,tsx}', 'tests/**/*.test.{ts,tsx}'],
          exclude: ['tests/e2e/**', 'node_modules/**', '**/*.integration.test.ts'],
        },
      },
      // The Newsdesk server: app.request() in-process against PGlite in memory (one per file; its start takes seconds).
      {
        resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
        test: {
          name: 'server',
          environment: 'node',
          include: ['server/**/*.test.ts'],
          globalSetup: ['./server/test-global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      // Real OBS Studio under Xvfb: node environment, no MSW (it would intercept the WebSocket upgrade).
      {
        test: {
          name: 'integration',
          environment: 'node',
          include: ['tests/**/*.integration.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
