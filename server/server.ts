// Starting and stopping one server instance (main.ts, tests and the benchmark share it).
import { mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import { createApp } from './app';
import { resolveToken } from './auth';
import { openDatabase, type Database } from './db/client';
import { ensureStandingRows, seedDemo } from './db/seed';
import type { Env } from './env';
import { EventHub } from './events';
import { pruneIdempotencyKeys } from './idempotency';
import { ObsHub } from './obs/obs-instance';

export interface Running {
  url: string;
  port: number;
  token: string;
  tokenGenerated: boolean;
  tokenFile?: string;
  database: Database;
  stop(): Promise<void>;
}

/** Opens (and migrates) the database, optionally seeds, and listens on env.port (0 = any free port). */
export async function startServer(env: Env, options: { seed?: 'demo'; log?: boolean } = {}): Promise<Running> {
  const dataDir = path.resolve(env.dataDir);
  mkdirSync(dataDir, { recursive: true });
  const { token, generated, file } = resolveToken(env.token, dataDir);
  const database = await openDatabase({ databaseUrl: env.databaseUrl, pgliteDir: env.databaseUrl ? undefined : path.join(dataDir, 'pgdata') });
  await ensureStandingRows(database.db);
  if (options.seed === 'demo') await seedDemo(database.db);
  await pruneIdempotencyKeys(database);
  const events = new EventHub(database);
  await events.start();
  const obs = new ObsHub(env.obsInstances, (event) => events.publishObs(event));
  obs.start();
  const app = createApp(
    { database, events, token, mediaDir: path.join(dataDir, 'media'), maxUploadBytes: env.maxUploadBytes, obs },
    { allowedOrigins: env.allowedOrigins, distDir: path.resolve(env.distDir), authMaxFailures: env.authMaxFailures, authWindowMs: env.authWindowMs, log: options.log },
  );
  const server: ServerType = await new Promise((resolve) => {
    const s = serve({ fetch: app.fetch, port: env.port, hostname: env.host }, () => resolve(s));
  });
  const port = (server.address() as AddressInfo).port;
  const host = env.host === '0.0.0.0' || env.host === '::' ? 'localhost' : env.host;
  return {
    url: `http://${host}:${port}`,
    port,
    token,
    tokenGenerated: generated,
    tokenFile: file,
    database,
    async stop() {
      await obs.stop();
      await events.stop();
      // Open event streams would keep the server from closing.
      (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await database.close();
    },
  };
}
