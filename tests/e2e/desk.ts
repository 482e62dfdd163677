// Starting the Newsdesk server (server/main.ts, the real desk) for a live-mode journey, and signing in with its token:
// the same steps as server.spec.ts, shared so provider journeys start the desk the same way.
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';

export const DESK_TOKEN = 'e2e-operator-token-0123456789';
const DIST = path.resolve(process.env.E2E_DIST ?? 'dist');

export interface Desk {
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** A port free at this moment (for a desk restarted on the same address). */
export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Starts the desk with the built PWA and the given environment (PORT, NEWSDESK_DATA_DIR, provider settings). */
export async function startDesk(env: Record<string, string>): Promise<Desk> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, NEWSDESK_TOKEN: DESK_TOKEN, NEWSDESK_DIST_DIR: DIST, HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      // A desk that never got ready is not left running.
      child.kill('SIGTERM');
      reject(new Error(`Server startet nicht:\n${output}`));
    }, 120_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Newsdesk läuft: (https?:\/\/\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`Server beendet (${code}):\n${output}`)));
  });
  return {
    url,
    child,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** Opens a screen of the desk and enters the token in „Zugang zum Newsdesk“ (its „Mit API-Token anmelden“). */
export async function signInToDesk(page: Page, url: string, route: string): Promise<void> {
  await page.goto(`${url}${route}`);
  const dialog = page.getByRole('dialog', { name: 'Zugang zum Newsdesk' });
  // The first load of the build from a freshly started desk is slow on a loaded machine.
  await expect(dialog).toBeVisible({ timeout: 30_000 });
  // The dialog opens on e-mail and password; the operator token is behind its switch.
  await dialog.getByRole('button', { name: 'Mit API-Token anmelden' }).click();
  await dialog.getByLabel('Zugangs-Token').fill(DESK_TOKEN);
  await dialog.getByRole('button', { name: 'Anmelden' }).click();
  // The token check is the desk's first authenticated request: as slow as the first load on a loaded machine.
  await expect(dialog).toBeHidden({ timeout: 30_000 });
}
