// @vitest-environment node
// The conformance check as a user runs it: two processes (a backend that asks for a token, the CLI), no MSW in between.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

const root = path.resolve(import.meta.dirname, '..');
const TOKEN = 'geheimes-operator-token-4711';
let backend: ChildProcess;
let baseUrl: string;

beforeAll(async () => {
  backend = spawn(process.execPath, ['--import', 'tsx', 'scripts/test/mock-backend.ts', '0', '--token', TOKEN], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  baseUrl = await new Promise<string>((resolve, reject) => {
    let out = '';
    backend.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const url = /mock backend: (\S+)/.exec(out)?.[1];
      if (url) resolve(url);
    });
    backend.once('exit', (code) => reject(new Error(`mock backend exited with ${code}`)));
  });
}, 60_000);
afterAll(() => {
  backend?.kill();
});

async function runCheck(...args: string[]): Promise<{ code: number; out: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'scripts/test/check-backend.ts', ...args],
      {
        cwd: root,
        timeout: 120_000,
      },
    );
    return { code: 0, out: stdout + stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? -1, out: `${failed.stdout ?? ''}${failed.stderr ?? ''}` };
  }
}

test('with the right token every operation passes, the token is sent and never printed', async () => {
  const { code, out } = await runCheck(baseUrl, '--token', TOKEN);
  const lines = out.trim().split('\n');
  expect(lines).toContain('PASS auth GET /posts without or with a wrong token → 401');
  expect(lines).toContain('PASS posts.create POST /posts');
  expect(lines).toContain('PASS media.upload POST /media/upload');
  expect(lines.filter((l) => l.startsWith('FAIL'))).toEqual([]);
  expect(lines.at(-1)).toMatch(/^(\d+) passed, 0 failed$/);
  expect(Number(/^(\d+) passed/.exec(lines.at(-1) ?? '')?.[1])).toBeGreaterThanOrEqual(62);
  expect(out).not.toContain(TOKEN);
  expect(code).toBe(0);
}, 150_000);

test('a backend that refuses the token fails every guarded operation, exit 1, token not printed', async () => {
  const wrong = 'falsch-aber-geheim-0815';
  const { code, out } = await runCheck(baseUrl, '--token', wrong);
  const lines = out.trim().split('\n');
  expect(lines).toContain(
    'FAIL posts.create POST /posts status 401, expected 201 {"message":"Nicht angemeldet","code":"unauthorized"}',
  );
  // The open health path still answers.
  expect(lines).toContain('PASS health.service GET /health/{service}');
  expect(lines.at(-1)).toMatch(/^\d+ passed, [1-9]\d* failed$/);
  expect(out).not.toContain(wrong);
  expect(code).toBe(1);
}, 150_000);
