// Starting and stopping one server instance (main.ts, tests and the benchmark share it).
import { mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import { N8nClient } from './n8n/n8n-client';
import { createApp } from './app';
import { resolveToken } from './auth';
import { openDatabase, type Database } from './db/client';
import { ensureStandingRows, seedDemo, settleAfterBulkLoad } from './db/seed';
import type { Env } from './env';
import { EventHub } from './events';
import { pruneIdempotencyKeys } from './idempotency';
import { createCredentials } from './providers/credentials';
import { DatabaseKeyStore, resolveSecret } from './providers/key-store';
import { startVideoPoller } from './providers/video/jobs';
import { createJobWorker, createSocialServices } from './providers/social/services';
import { ObsHub } from './obs/obs-instance';
import { PipelineEngine } from './pipeline/engine';
import { UrlSigner } from './signing';
import { seedDefaultSources } from './sources/defaults';

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
  const database = await openDatabase({
    databaseUrl: env.databaseUrl,
    pgliteDir: env.databaseUrl ? undefined : path.join(dataDir, 'pgdata'),
  });
  await ensureStandingRows(database.db);
  if (options.seed === 'demo') {
    await seedDemo(database.db);
    await settleAfterBulkLoad(database.db);
  }
  if (env.defaultSources) await seedDefaultSources(database.db);
  await pruneIdempotencyKeys(database);
  const events = new EventHub(database);
  await events.start();
  const obs = new ObsHub(env.obsInstances, (event) => events.publishObs(event));
  obs.start();
  const secret = resolveSecret(env.secretKey, dataDir);
  const keyStore = new DatabaseKeyStore(database, secret.key);
  const unreadable = await keyStore.unreadable();
  // A changed secret must not stop the desk (a crash loop helps nobody): the keys it cannot read are named, and saving them again fixes it.
  if (unreadable.length > 0) {
    console.error(
      `Achtung: ${unreadable.length} gespeicherte API-Schlüssel (${unreadable.join(', ')}) lassen sich mit dem aktuellen ${env.secretKey ? 'NEWSDESK_SECRET_KEY' : `Schlüssel in ${secret.file ?? 'dem Datenordner'}`} nicht entschlüsseln. Der Server läuft ohne sie weiter; bitte den früheren NEWSDESK_SECRET_KEY setzen oder die Schlüssel in Admin → API Keys neu speichern.`,
    );
  }
  const credentials = createCredentials(process.env, keyStore);
  const signer = new UrlSigner(env.signingSecret ?? secret.key);
  const social = createSocialServices(database, events, credentials, {
    secretKey: secret.key,
    retry: { retries: 3, baseDelayMs: env.providerRetryMs, multiplier: 2 },
    pollMs: env.jobPollMs,
    mediaDir: path.join(dataDir, 'media'),
    allowPrivate: env.fetchPrivate,
    signer,
  });
  // Scheduled posts and token refreshes run here, on every instance; the queue hands each job to one of them.
  const worker = createJobWorker(database, social, { pollMs: env.jobPollMs });
  worker.start();
  const mediaDir = path.join(dataDir, 'media');
  const engine = new PipelineEngine(
    {
      database,
      events,
      credentials,
      mediaDir,
      social,
      publicUrl: env.publicUrl,
      obs,
      n8nBaseUrl: env.n8n?.baseUrl,
    },
    {
      allowPrivate: env.fetchPrivate,
      sourceIntervalMs: env.sourceIntervalMs,
      tickMs: 30_000,
      pollMs: Math.min(env.jobPollMs, 1000),
      leaseMs: env.jobLeaseMs,
    },
  );
  engine.start();
  const deps = {
    database,
    events,
    token,
    signer,
    mediaDir,
    maxUploadBytes: env.maxUploadBytes,
    uploadIdleMs: env.uploadIdleMs,
    credentials,
    keyStore,
    social,
    publicUrl: env.publicUrl,
    n8n: env.n8n ? new N8nClient(env.n8n) : undefined,
    callbackBaseUrl: env.callbackBaseUrl,
    obs,
    engine,
  };
  // Avatar video jobs left open by the last run are followed again from the database; a finished one's file is
  // copied into the Media Library through the SSRF guard.
  const videoPoller = startVideoPoller({ ...deps, allowPrivate: env.fetchPrivate });
  const app = createApp(deps, {
    allowedOrigins: env.allowedOrigins,
    distDir: path.resolve(env.distDir),
    authMaxFailures: env.authMaxFailures,
    authWindowMs: env.authWindowMs,
    trustedProxies: env.trustedProxies,
    log: options.log,
  });
  // Shutting down: requests on connections still open are turned away (the client retries elsewhere or later).
  let draining = false;
  const refuse = () =>
    new Response(
      JSON.stringify({
        message: 'Der Server wird gerade beendet – bitte gleich erneut versuchen.',
        code: 'shutting_down',
      }),
      {
        status: 503,
        headers: { 'Content-Type': 'application/json; charset=utf-8', 'Retry-After': '5', Connection: 'close' },
      },
    );
  const server: ServerType = await new Promise((resolve) => {
    // Node ends a request not fully received within 300 s (requestTimeout): a 512 MB upload under ~14 Mbit/s. Uploads
    // are limited by a stall instead (uploadIdleMs); JSON bodies are small and capped.
    const s = serve(
      {
        fetch: (request, bindings) => (draining ? refuse() : app.fetch(request, bindings)),
        port: env.port,
        hostname: env.host,
        serverOptions: { requestTimeout: 0 },
      },
      () => resolve(s),
    );
  });
  // Requests in flight, counted until their response has gone out; the event streams never end by themselves.
  let inFlight = 0;
  let settled: (() => void) | undefined;
  server.on('request', (req: { url?: string }, res: { once(event: 'close', listener: () => void): void }) => {
    if (req.url?.startsWith('/api/events')) return;
    inFlight += 1;
    res.once('close', () => {
      inFlight -= 1;
      if (inFlight === 0) settled?.();
    });
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
    /**
     * Stops accepting, lets requests in flight finish and running jobs end (up to the grace period; a job still
     * running then is handed to another instance at once), ends the event streams, closes the database last.
     */
    async stop() {
      draining = true;
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      const connections = server as unknown as { closeIdleConnections?: () => void; closeAllConnections?: () => void };
      connections.closeIdleConnections?.();
      const deadline = Date.now() + env.shutdownGraceMs;
      const requestsDone = inFlight === 0 ? Promise.resolve() : new Promise<void>((resolve) => (settled = resolve));
      let timer: ReturnType<typeof setTimeout> | undefined;
      await Promise.all([
        Promise.race([
          requestsDone,
          new Promise<void>((resolve) => (timer = setTimeout(resolve, env.shutdownGraceMs))),
        ]),
        videoPoller.stop(),
        engine.stop({ deadlineMs: env.shutdownGraceMs }),
        worker.stop({ deadlineMs: Math.max(0, deadline - Date.now()) }),
      ]);
      clearTimeout(timer);
      // Open event streams (and whatever outlived the grace period) would keep the server from closing.
      connections.closeAllConnections?.();
      await closed;
      await obs.stop();
      await events.stop();
      await database.close();
    },
  };
}
