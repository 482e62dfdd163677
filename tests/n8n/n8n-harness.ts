/**
 * Integration-test harness: starts a REAL n8n 1.123.50 (installed outside the repository by
 * scripts/test/n8n-runtime.ts) on its own port with a private N8N_USER_FOLDER (SQLite), waits for /healthz, creates the owner account through n8n's
 * own REST (`POST /rest/owner/setup`), logs in, creates a public-API key (`POST /rest/api-keys`), and stops n8n by its
 * PID. Telemetry, diagnostics, version notifications, templates and community packages are off (no internet here).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ensureN8n, n8nBinary } from '../../scripts/test/n8n-runtime';

export interface N8nHarness {
  baseUrl: string;
  apiKey: string;
  /** The session cookie of the owner (for n8n's own REST calls). */
  cookie: string;
  logs(): string;
  stop(): Promise<void>;
}

const OWNER = { email: 'owner@newsdesk.test', firstName: 'Newsdesk', lastName: 'Test', password: 'Newsdesk-Test-2026' };
const BROWSER_ID = 'newsdesk-n8n-harness';
const STARTUP_BUDGET_MS = 150_000;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function cookieOf(response: Response): string {
  const header = response.headers.getSetCookie().find((c) => c.startsWith('n8n-auth='));
  if (!header) throw new Error('n8n hat kein Sitzungs-Cookie gesetzt.');
  return header.split(';')[0];
}

async function rest(
  baseUrl: string,
  pathname: string,
  init: { method?: string; json?: unknown; cookie?: string } = {},
): Promise<Response> {
  const headers: Record<string, string> = { 'browser-id': BROWSER_ID, Accept: 'application/json' };
  if (init.json !== undefined) headers['Content-Type'] = 'application/json';
  if (init.cookie) headers.Cookie = init.cookie;
  const response = await fetch(`${baseUrl}${pathname}`, {
    method: init.method ?? 'GET',
    headers,
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
  });
  if (!response.ok)
    throw new Error(`n8n ${init.method ?? 'GET'} ${pathname}: ${response.status} ${await response.text()}`);
  return response;
}

export async function startN8n(options: { port?: number } = {}): Promise<N8nHarness> {
  const runtime = ensureN8n() as string;
  const port = options.port ?? Number(process.env.N8N_TEST_PORT ?? 4315);
  const folder = await mkdtemp(path.join(os.tmpdir(), 'newsdesk-n8n-'));
  const baseUrl = `http://127.0.0.1:${port}`;
  let output = '';
  const child: ChildProcess = spawn(process.execPath, [n8nBinary(runtime) as string, 'start'], {
    cwd: folder,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      PATH: process.env.PATH,
      HOME: folder,
      N8N_USER_FOLDER: folder,
      N8N_PORT: String(port),
      N8N_LISTEN_ADDRESS: '127.0.0.1',
      N8N_HOST: '127.0.0.1',
      N8N_PROTOCOL: 'http',
      WEBHOOK_URL: `${baseUrl}/`,
      DB_TYPE: 'sqlite',
      N8N_SECURE_COOKIE: 'false',
      N8N_DIAGNOSTICS_ENABLED: 'false',
      N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
      N8N_TEMPLATES_ENABLED: 'false',
      N8N_COMMUNITY_PACKAGES_ENABLED: 'false',
      N8N_PERSONALIZATION_ENABLED: 'false',
      N8N_HIRING_BANNER_ENABLED: 'false',
      N8N_AI_ENABLED: 'false',
      N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS: 'false',
      N8N_RUNNERS_ENABLED: 'false',
      N8N_BLOCK_ENV_ACCESS_IN_NODE: 'true',
      N8N_PUBLIC_API_SWAGGERUI_DISABLED: 'true',
      EXTERNAL_FRONTEND_HOOKS_URLS: '',
      N8N_LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      GENERIC_TIMEZONE: 'UTC',
    },
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  let exited = false;
  child.once('exit', () => (exited = true));

  const stop = async () => {
    if (!exited && child.pid) {
      const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        /* already gone */
      }
      const timer = setTimeout(() => {
        try {
          if (child.pid) process.kill(-child.pid, 'SIGKILL');
        } catch {
          /* already gone */
        }
      }, 10_000);
      await gone;
      clearTimeout(timer);
    }
    await rm(folder, { recursive: true, force: true });
  };

  try {
    const deadline = Date.now() + STARTUP_BUDGET_MS;
    for (;;) {
      if (exited) throw new Error(`n8n hat sich beendet:\n${output}`);
      if (Date.now() > deadline) throw new Error(`n8n antwortet nicht auf /healthz:\n${output}`);
      try {
        // /healthz/readiness answers before the REST controllers are mounted; /rest/settings only after.
        const [health, settings] = await Promise.all([
          fetch(`${baseUrl}/healthz/readiness`),
          fetch(`${baseUrl}/rest/settings`),
        ]);
        if (health.ok && settings.ok) break;
      } catch {
        /* not listening yet */
      }
      await sleep(500);
    }
    await rest(baseUrl, '/rest/owner/setup', { method: 'POST', json: OWNER });
    const login = await rest(baseUrl, '/rest/login', {
      method: 'POST',
      json: { emailOrLdapLoginId: OWNER.email, password: OWNER.password },
    });
    const cookie = cookieOf(login);
    const scopes = ((await (await rest(baseUrl, '/rest/api-keys/scopes', { cookie })).json()) as { data: string[] })
      .data;
    const created = (await (
      await rest(baseUrl, '/rest/api-keys', {
        method: 'POST',
        cookie,
        json: { label: 'newsdesk-tests', scopes, expiresAt: null },
      })
    ).json()) as { data: { rawApiKey: string } };
    return { baseUrl, apiKey: created.data.rawApiKey, cookie, logs: () => output, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
