import { defineConfig, devices } from '@playwright/test';
// Playwright's own Chromium where it is installed, else Debian's (this machine cannot download browsers).
import { CHROMIUM_ARGS, chromiumPath } from './scripts/test/chromium';

const PORT = Number(process.env.E2E_PORT ?? 4173);
// Parallel work trees build into their own folder: E2E_DIST=dist-x npm run test:e2e
const DIST = process.env.E2E_DIST ?? 'dist';

export default defineConfig({
  testDir: './tests/e2e',
  // A guard against a hang, not a speed check (the budgets are npm run bench's): on a loaded 2-core CI machine several
  // tests take most of a minute.
  timeout: 90_000,
  // Also a guard, not a speed check: a cold first screen with 10,000 posts on a loaded CI machine draws late.
  expect: { timeout: 20_000 },
  fullyParallel: false,
  workers: process.env.CI ? 2 : 2,
  // No retries, in CI too: a flaky test must show, not pass on its second try.
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    // A failed test keeps its trace with DOM snapshots; no screencast, which every test paid for in CPU time.
    trace: { mode: 'retain-on-failure', screenshots: false },
    serviceWorkers: 'allow',
    launchOptions: {
      executablePath: chromiumPath(),
      args: CHROMIUM_ARGS,
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    command: `npx vite preview --host 127.0.0.1 --port ${PORT} --strictPort --outDir ${DIST}`,
    url: `http://127.0.0.1:${PORT}`,
    reuseExistingServer: false,
    timeout: 60_000,
  },
});
