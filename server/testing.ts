// Test helpers: the app over an in-memory PGlite (one per test file), calls with the operator token, contract checks.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { readFile } from 'node:fs/promises';
import { sql, type SQL } from 'drizzle-orm';
import { inject } from 'vitest';
import * as z from 'zod/mini';
import { isSchema, operations, schemas, type ErrorBody, type OperationId } from '../src/contract';
import { createApp, type AppOptions } from './http/app';
import type { Deps } from './context';
import { openDatabase, type Database } from './data/db/client';
import { ensureStandingRows } from './data/db/seed';
import { EventHub } from './data/events';
import { randomBytes } from 'node:crypto';
import { createCredentials, type Credentials } from './adapters/providers/credentials';
import { DatabaseKeyStore } from './adapters/providers/key-store';
import { createSocialServices, type SocialServices } from './adapters/providers/social/services';
import { JobWorker } from './jobs/queue';
import { PUBLISH_JOB } from './adapters/providers/social/publisher';
import type { ObsHub } from './adapters/obs/obs-instance';
import { PipelineEngine, type EngineOptions } from './pipeline/engine';
import { UrlSigner } from './http/signing';

export const TEST_TOKEN = 'test-token-0123456789abcdef';
export const TEST_SECRET_KEY = Buffer.alloc(32, 7);
/** The signer of every test app (its key is not the operator token, as on a real desk). */
export const TEST_SIGNER = new UrlSigner(TEST_SECRET_KEY);

export interface TestApp {
  app: ReturnType<typeof createApp>;
  keyStore: DatabaseKeyStore;
  database: Database;
  events: EventHub;
  mediaDir: string;
  social: SocialServices;
  /** The pipeline engine (not started: a test runs its jobs with engine.runDue()). */
  engine: PipelineEngine;
  /** Runs the due post jobs (accepted posts, scheduled ones, retries) on the test's clock to their end; resolves to their number. */
  runPublishJobs(): Promise<number>;
  /** A call under /api with the operator token (unless headers override it). */
  call(pathAndQuery: string, init?: RequestInit & { json?: unknown }): Promise<Response>;
  close(): Promise<void>;
}

export async function createTestApp(
  options: AppOptions & {
    engine?: Partial<EngineOptions>;
    maxUploadBytes?: number;
    database?: Database;
    credentials?: Credentials;
    providerEnv?: Record<string, string>;
    secret?: Buffer;
    now?: () => Date;
    obs?: (events: EventHub) => ObsHub;
  } & Pick<Deps, 'n8n' | 'callbackBaseUrl' | 'publicUrl'> = {},
): Promise<TestApp> {
  const database =
    options.database ?? (await openDatabase({ pgliteTemplate: new Blob([await readFile(inject('pgliteTemplate'))]) }));
  await ensureStandingRows(database.db);
  const events = new EventHub(database);
  await events.start();
  const mediaDir = await mkdtemp(path.join(os.tmpdir(), 'newsdesk-media-'));
  const obs = options.obs?.(events);
  // providerEnv: provider settings of this test (fake URLs, keys), read behind the encrypted store like the server's environment.
  const keyStore = new DatabaseKeyStore(database, options.secret ?? randomBytes(32));
  const credentials = options.credentials ?? createCredentials(options.providerEnv ?? {}, keyStore);
  // Provider retries wait 1 ms in tests (the delays' growth is what SPEC §8 fixes, not their length here).
  const social = createSocialServices(database, events, credentials, {
    secretKey: TEST_SECRET_KEY,
    retry: { retries: 3, baseDelayMs: 1, multiplier: 2 },
    pollMs: 1,
    now: options.now,
    mediaDir,
    allowPrivate: true,
    signer: TEST_SIGNER,
  });
  const engine = new PipelineEngine(
    {
      database,
      events,
      credentials,
      mediaDir,
      social,
      publicUrl: options.publicUrl,
      obs,
      n8nBaseUrl: options.n8n?.baseUrl,
    },
    {
      allowPrivate: true,
      sourceIntervalMs: 15 * 60_000,
      tickMs: 60_000,
      pollMs: 10,
      leaseMs: 30_000,
      ...options.engine,
    },
  );
  // Not started: a test publishes the accepted posts when it wants (runPublishJobs), or starts a worker of its own.
  const publishWorker = new JobWorker(
    database,
    { [PUBLISH_JOB]: (job) => social.publisher.runJob(job) },
    {
      pollMs: 60_000,
      now: options.now,
      workerId: 'test-publish',
      concurrency: { [PUBLISH_JOB]: 4 },
      giveUp: { [PUBLISH_JOB]: (job, reason) => social.publisher.giveUpJob(job, reason) },
    },
  );
  const app = createApp(
    {
      database,
      events,
      token: TEST_TOKEN,
      signer: TEST_SIGNER,
      mediaDir,
      maxUploadBytes: options.maxUploadBytes ?? 1024 * 1024,
      credentials,
      keyStore,
      social,
      n8n: options.n8n,
      callbackBaseUrl: options.callbackBaseUrl,
      publicUrl: options.publicUrl,
      obs,
      engine,
    },
    options,
  );
  return {
    app,
    keyStore,
    database,
    events,
    mediaDir,
    social,
    engine,
    runPublishJobs: () => publishWorker.runDue(),
    async call(pathAndQuery, init = {}) {
      const { json, headers, ...rest } = init;
      const h = new Headers(headers);
      if (!h.has('authorization')) h.set('Authorization', `Bearer ${TEST_TOKEN}`);
      if (json !== undefined) h.set('Content-Type', 'application/json');
      return app.request(`/api${pathAndQuery}`, {
        ...rest,
        headers: h,
        ...(json !== undefined ? { body: JSON.stringify(json) } : {}),
      });
    },
    async close() {
      await engine.stop();
      await obs?.stop();
      await events.stop();
      if (!options.database) await database.close();
      await rm(mediaDir, { recursive: true, force: true });
    },
  };
}

/** Parses a success body with the operation's response schema (throws with the issues if it does not match). */
export async function contractBody<K extends OperationId>(
  id: K,
  response: Response,
): Promise<z.output<Extract<(typeof operations)[K]['response'], z.ZodMiniType>>> {
  const def = operations[id];
  if (response.status !== def.status)
    throw new Error(`${id}: expected status ${def.status}, got ${response.status}: ${await response.text()}`);
  if (!isSchema(def.response)) throw new Error(`${id} has no JSON response`);
  return z.parse(def.response, await response.json()) as never;
}

/** The ErrorBody of a failed call (checked against the contract's schema). */
export async function errorBody(response: Response): Promise<ErrorBody> {
  return z.parse(schemas.ErrorBody, await response.json());
}

/**
 * The jobs `where` picks, as if three instances had claimed them in turn and died with them in hand: the last claim's
 * lease has lapsed, so the next worker to look takes them over for the third time.
 */
export async function diedThreeTimes(database: Database, where: SQL): Promise<void> {
  await database.db.execute(
    sql`UPDATE jobs SET claimed_by = 'dead-3', claimed_until = now() - interval '1 minute', attempts = 3, takeovers = 2
      WHERE ${where}`,
  );
}
