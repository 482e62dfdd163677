// Installs the real n8n the integration tests start (n8n@1.123.50, the newest 1.x that installs on Node 20) OUTSIDE the
// repository, once: a second run finds it and returns at once. Its xlsx dependency points outside the registry, so the
// runtime's package.json overrides it with the registry's xlsx@0.18.5. Prints the folder holding node_modules/.bin/n8n.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const N8N_VERSION = '1.123.50';

/** Where the runtime lives: N8N_RUNTIME_DIR, else ~/.cache/newsdesk/n8n-<version>. */
export function n8nRuntimeDir(): string {
  return process.env.N8N_RUNTIME_DIR || path.join(os.homedir(), '.cache', 'newsdesk', `n8n-${N8N_VERSION}`);
}

export function n8nBinary(dir = n8nRuntimeDir()): string {
  return path.join(dir, 'node_modules', 'n8n', 'bin', 'n8n');
}

/** The lock folder of a running install (mkdir is atomic): a second caller waits instead of installing twice. */
const lockDir = (dir: string) => `${dir}.install-lock`;

/** Written after `npm install` returned: its files (and sqlite3's native build) are all there. */
const doneMarker = (dir: string) => path.join(dir, '.newsdesk-installed');

/** True when an install finished in `dir` and none is running there (n8n's files appear long before npm is done). */
export function n8nInstalled(dir = n8nRuntimeDir()): boolean {
  return existsSync(doneMarker(dir)) && !existsSync(lockDir(dir));
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

const sleepSync = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

function install(dir: string): void {
  mkdirSync(dir, { recursive: true });
  const manifest = {
    name: 'newsdesk-n8n-runtime',
    private: true,
    dependencies: { n8n: N8N_VERSION },
    overrides: { xlsx: '0.18.5' },
  };
  writeFileSync(path.join(dir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  console.log(`n8n ${N8N_VERSION} wird nach ${dir} installiert (einige Minuten) …`);
  execFileSync('npm', ['install', '--omit=dev', '--no-audit', '--no-fund', '--loglevel=error'], {
    cwd: dir,
    stdio: 'inherit',
  });
  const complete =
    existsSync(n8nBinary(dir)) &&
    existsSync(path.join(dir, 'node_modules', 'n8n', 'dist', 'public-api', 'v1', 'openapi.yml'));
  if (!complete) throw new Error(`n8n ist nach der Installation in ${dir} nicht vollständig.`);
  writeFileSync(doneMarker(dir), `${N8N_VERSION}\n`);
}

/**
 * Returns the runtime folder once n8n is installed there: installs it when missing, or waits (up to 20 min) for an
 * install another process is running (`.ci/run` starts one in the background while the other tests run).
 */
export function ensureN8n(dir = n8nRuntimeDir()): string {
  const deadline = Date.now() + 20 * 60_000;
  for (;;) {
    if (n8nInstalled(dir)) return dir;
    mkdirSync(path.dirname(dir), { recursive: true });
    try {
      mkdirSync(lockDir(dir));
    } catch {
      // Someone else installs: wait for them, unless their process is gone (then the lock is stale).
      let pid = 0;
      try {
        pid = Number(readFileSync(path.join(lockDir(dir), 'pid'), 'utf8') || 0);
      } catch {
        // The lock was just taken (no pid yet) or just released: look again.
      }
      if (pid && !alive(pid)) rmSync(lockDir(dir), { recursive: true, force: true });
      else if (Date.now() > deadline) throw new Error(`n8n wird seit 20 Minuten in ${dir} installiert; Abbruch.`);
      else sleepSync(2_000);
      continue;
    }
    try {
      writeFileSync(path.join(lockDir(dir), 'pid'), String(process.pid));
      if (!existsSync(doneMarker(dir))) install(dir);
      return dir;
    } finally {
      rmSync(lockDir(dir), { recursive: true, force: true });
    }
  }
}

/** Starts the install in a detached process (its output in `<dir>.install.log`) and returns at once. */
export function ensureN8nInBackground(dir = n8nRuntimeDir()): number | undefined {
  if (n8nInstalled(dir)) return undefined;
  mkdirSync(path.dirname(dir), { recursive: true });
  const log = openSync(`${dir}.install.log`, 'a');
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url)], {
    detached: true,
    stdio: ['ignore', log, log],
    env: process.env,
  });
  child.unref();
  return child.pid;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  if (process.argv.includes('--background')) {
    const pid = ensureN8nInBackground();
    console.log(
      pid
        ? `n8n ${N8N_VERSION} wird im Hintergrund installiert (PID ${pid}, Log: ${n8nRuntimeDir()}.install.log).`
        : n8nRuntimeDir(),
    );
  } else {
    console.log(ensureN8n());
  }
}
