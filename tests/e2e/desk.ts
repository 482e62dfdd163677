// Starting the real Newsdesk server (npm start's server/main.ts) for a live-mode journey, and signing in to it.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';

export const DESK_TOKEN = 'e2e-operator-token-0123456789';
const DIST = path.resolve(process.env.E2E_DIST ?? 'dist');

export interface Desk {
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

export async function startDesk(env: Record<string, string>): Promise<Desk> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, NEWSDESK_TOKEN: DESK_TOKEN, NEWSDESK_DIST_DIR: DIST, HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Server startet nicht:\n${output}`)), 90_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Newsdesk läuft: (http:\/\/\S+)/.exec(output);
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

export async function signIn(page: Page, url: string, route: string) {
  await page.goto(`${url}${route}`);
  const dialog = page.getByRole('dialog', { name: 'Zugang zum Newsdesk' });
  await expect(dialog).toBeVisible({ timeout: 30_000 });
  await dialog.getByLabel('Zugangs-Token').fill(DESK_TOKEN);
  await dialog.getByRole('button', { name: 'Anmelden' }).click();
  await expect(dialog).toBeHidden();
}
