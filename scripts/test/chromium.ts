// The Chromium that the e2e tests and the benchmarks drive, and the flags it is launched with.
import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';

/** Launch flags: without them some sandboxed machines refuse the browser's connections. */
export const CHROMIUM_ARGS: string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * CHROMIUM_PATH if set; else undefined when Playwright's own Chromium is installed (Playwright then finds it); else
 * Debian's /usr/bin/chromium (machines that cannot download browsers).
 */
export function chromiumPath(): string | undefined {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  try {
    const own = chromium.executablePath();
    if (own && existsSync(own)) return undefined;
  } catch {
    // no bundled browser registered
  }
  return existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined;
}
