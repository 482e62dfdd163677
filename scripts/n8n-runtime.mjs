#!/usr/bin/env node
// Installs the real n8n the integration tests start (n8n@1.123.50, the newest 1.x that installs on Node 20) OUTSIDE the
// repository, once: a second run finds it and returns at once. Its xlsx dependency points outside the registry, so the
// runtime's package.json overrides it with the registry's xlsx@0.18.5. Prints the folder holding node_modules/.bin/n8n.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const N8N_VERSION = '1.123.50';

/** Where the runtime lives: N8N_RUNTIME_DIR, else ~/.cache/newsdesk/n8n-<version>. */
export function n8nRuntimeDir() {
  return process.env.N8N_RUNTIME_DIR || path.join(os.homedir(), '.cache', 'newsdesk', `n8n-${N8N_VERSION}`);
}

export function n8nBinary(dir = n8nRuntimeDir()) {
  return path.join(dir, 'node_modules', 'n8n', 'bin', 'n8n');
}

/** True when the runtime is complete (the install writes the binary's package last, so its presence is enough). */
export function n8nInstalled(dir = n8nRuntimeDir()) {
  return existsSync(n8nBinary(dir)) && existsSync(path.join(dir, 'node_modules', 'n8n', 'dist', 'public-api', 'v1', 'openapi.yml'));
}

export function ensureN8n(dir = n8nRuntimeDir()) {
  if (n8nInstalled(dir)) return dir;
  mkdirSync(dir, { recursive: true });
  const manifest = { name: 'newsdesk-n8n-runtime', private: true, dependencies: { n8n: N8N_VERSION }, overrides: { xlsx: '0.18.5' } };
  writeFileSync(path.join(dir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  console.log(`n8n ${N8N_VERSION} wird nach ${dir} installiert (einige Minuten) …`);
  execFileSync('npm', ['install', '--omit=dev', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: dir, stdio: 'inherit' });
  if (!n8nInstalled(dir)) throw new Error(`n8n ist nach der Installation in ${dir} nicht vollständig.`);
  return dir;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  console.log(ensureN8n());
}
