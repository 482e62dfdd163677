// Vitest global setup of the server project: one migrated PGlite, dumped once to a file that every test file loads
// (a fresh PGlite runs initdb in WASM, several times slower than loading a dump). Cached by the migrations' hash.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { rename, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { openDatabase } from './data/db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}

export default async function setup(project: TestProject): Promise<void> {
  const folder = fileURLToPath(new URL('./data/db/migrations', import.meta.url));
  const hash = createHash('sha256');
  for (const file of readdirSync(folder)
    .filter((f) => f.endsWith('.sql'))
    .sort())
    hash.update(readFileSync(path.join(folder, file)));
  const file = path.join(os.tmpdir(), `newsdesk-pglite-template-${hash.digest('hex').slice(0, 16)}.tar`);
  if (!existsSync(file)) {
    const database = await openDatabase({});
    const dump = await database.dumpDataDir();
    await database.close();
    const temp = `${file}.${process.pid}`;
    await writeFile(temp, Buffer.from(await dump.arrayBuffer()));
    await rename(temp, file);
  }
  project.provide('pgliteTemplate', file);
}
