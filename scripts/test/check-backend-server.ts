// `npm run check:backend:server`: the backend check against the Newsdesk server itself (server/main.ts with the demo
// data, an embedded PGlite in a temp folder, a known token, a free port), started and stopped here by its PID.
// Part of `npm test`: the server must meet the same contract as the mock backend.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PROVIDERS } from '../../server/adapters/providers/credentials';
import { checkBackend } from './check-backend';

const root = path.resolve(import.meta.dirname, '../..');
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'newsdesk-check-'));
const token = randomBytes(24).toString('hex');
// The check runs before the build: a stand-in PWA folder with the sample files the demo data's finished videos name
// (GET /video/{provider}/download/{id} redirects to them).
const dist = path.join(dataDir, 'dist');
await mkdir(dist);
await writeFile(path.join(dist, 'index.html'), '<!doctype html><html lang="de"><title>Newsdesk</title></html>');
await cp(path.join(root, 'public', 'samples'), path.join(dist, 'samples'), { recursive: true });
// Every provider address points at a closed local port: a check that reaches a provider fails at once and the same way
// on every machine, instead of calling the public service (or waiting on a network that has none).
const closedProviders = Object.fromEntries(
  Object.values(PROVIDERS).map(({ urlEnv }) => [urlEnv, 'http://127.0.0.1:9']),
);
const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts', '--seed', 'demo'], {
  cwd: root,
  env: {
    ...process.env,
    ...closedProviders,
    PORT: '0',
    HOST: '127.0.0.1',
    NEWSDESK_TOKEN: token,
    NEWSDESK_DATA_DIR: dataDir,
    NEWSDESK_DIST_DIR: dist,
  },
  stdio: ['ignore', 'pipe', 'pipe'],
});

let output = '';
const stop = () =>
  new Promise((resolve) => {
    if (child.exitCode !== null) return resolve(undefined);
    child.once('exit', () => resolve(undefined));
    child.kill('SIGTERM');
  });

let failed = 1;
try {
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Der Server startet nicht:\n${output}`)), 180_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Newsdesk läuft: (http:\/\/\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => reject(new Error(`Der Server wurde beendet (${code}):\n${output}`)));
  });
  const counts = await checkBackend(`${url}/api`, { token });
  failed = counts.failed;
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
} finally {
  await stop();
  await rm(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
