// Starting and stopping one server instance (main.ts, tests and the benchmark share it).
import { X509Certificate } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import http2 from 'node:http2';
import type { AddressInfo, Socket } from 'node:net';
import path from 'node:path';
import { createSecureContext } from 'node:tls';
import { createAdaptorServer, type HttpBindings, type Http2Bindings, type ServerType } from '@hono/node-server';
import { tlsFiles } from './http/certs';
import { N8nClient } from './adapters/n8n/n8n-client';
import { createApp } from './http/app';
import { resolveToken } from './http/auth';
import { openDatabase, type Database } from './data/db/client';
import { ensureStandingRows, seedDemo, settleAfterBulkLoad } from './data/db/seed';
import { LARGE_COUNTS, seedLarge } from './data/db/seed-large';
import { EnvError, type Env } from './env';
import { EventHub } from './data/events';
import { pruneIdempotencyKeys } from './data/idempotency';
import { createCredentials } from './adapters/providers/credentials';
import { DatabaseKeyStore, resolveSecret } from './adapters/providers/key-store';
import { startVideoPoller } from './adapters/providers/video/jobs';
import { createJobWorker, createSocialServices } from './adapters/providers/social/services';
import { ObsHub } from './adapters/obs/obs-instance';
import { PipelineEngine } from './pipeline/engine';
import { UrlSigner } from './http/signing';
import { seedDefaultSources } from './sources/defaults';
import { pruneAudit } from './identity/audit';
import { sweepUploadLeftovers } from './routes/media/upload-leftovers';
import { FIRST_ADMIN, makePasswordLink, needsFirstAdmin } from './identity/identity';

export interface Running {
  /** https://… when a certificate is configured, else http://…. */
  url: string;
  port: number;
  /** With HTTPS: the plain-HTTP address on this machine only. */
  localUrl?: string;
  /** The certificate's end (HTTPS only), for a warning when it is near. */
  certificateValidTo?: Date;
  token: string;
  tokenGenerated: boolean;
  tokenFile?: string;
  /** A one-time link to set the administrator's password, while no administrator has one. */
  adminLink?: { url: string; expiresAt: string };
  database: Database;
  stop(): Promise<void>;
}

interface Tls {
  key: Buffer;
  cert: Buffer;
  /** The generated CA's certificate (public), offered to devices at /newsdesk-ca.crt. */
  caCert?: Buffer;
  validTo: Date;
}

/** The configured certificate, else the pair npm run certs wrote into the data folder, else none (plain HTTP). */
function loadTls(env: Env, dataDir: string): Tls | undefined {
  const generated = tlsFiles(dataDir);
  const files = env.tls ?? (existsSync(generated.cert) && existsSync(generated.key) ? generated : undefined);
  if (!files) return undefined;
  let key: Buffer, cert: Buffer;
  try {
    cert = readFileSync(files.cert);
    key = readFileSync(files.key);
  } catch (error) {
    throw new EnvError(`Zertifikat oder Schlüssel für HTTPS nicht lesbar: ${(error as Error).message}`);
  }
  try {
    createSecureContext({ key, cert });
  } catch (error) {
    throw new EnvError(
      `Zertifikat ${files.cert} und Schlüssel ${files.key} passen nicht zusammen oder sind kein PEM: ${(error as Error).message}`,
    );
  }
  const caCert = !env.tls && existsSync(generated.caCert) ? readFileSync(generated.caCert) : undefined;
  return { key, cert, caCert, validTo: new Date(new X509Certificate(cert).validTo) };
}

// HTTP/2 forbids connection-specific headers (Node refuses or drops them); Hono's SSE helper sets two of them.
const HOP_BY_HOP = ['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'proxy-connection'];
function forHttp2(response: Response): Response {
  if (!HOP_BY_HOP.some((name) => response.headers.has(name))) return response;
  const headers = new Headers(response.headers);
  for (const name of HOP_BY_HOP) headers.delete(name);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

function listen(server: ServerType, port: number, host: string): Promise<ServerType> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve(server);
    });
  });
}

/** Opens (and migrates) the database, optionally seeds, and listens on env.port (0 = any free port). */
export async function startServer(
  env: Env,
  options: { seed?: 'demo' | 'large'; log?: boolean } = {},
): Promise<Running> {
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
  if (options.seed === 'large') {
    const started = performance.now();
    if (await seedLarge(database.db)) {
      await settleAfterBulkLoad(database.db);
      const { posts, news, media } = LARGE_COUNTS;
      console.log(
        `Beispieldaten „large“ geladen: ${posts} Posts, ${news} AI News, ${media} Medien (${((performance.now() - started) / 1000).toFixed(1)} s).`,
      );
    }
  }
  if (env.defaultSources) await seedDefaultSources(database.db);
  await pruneIdempotencyKeys(database);
  await pruneAudit(database, env.auditRetentionDays);
  const pruning = setInterval(
    () => void pruneAudit(database, env.auditRetentionDays).catch(() => undefined),
    24 * 60 * 60 * 1000,
  );
  pruning.unref();
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
  // Uploads cut off by the last run's end; one still arriving on another instance has written within the idle limit.
  await sweepUploadLeftovers(mediaDir, Math.max(env.uploadIdleMs * 2, 60 * 60 * 1000));
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
  const tls = loadTls(env, dataDir);
  const respond = (request: Request, bindings: HttpBindings | Http2Bindings) => {
    if (draining) return refuse();
    if (tls?.caCert && new URL(request.url).pathname === '/newsdesk-ca.crt')
      return new Response(new Uint8Array(tls.caCert), {
        headers: { 'Content-Type': 'application/x-x509-ca-cert', 'Cache-Control': 'no-cache' },
      });
    return app.fetch(request, bindings);
  };
  const fetch = async (request: Request, bindings: HttpBindings | Http2Bindings) => {
    const response = await respond(request, bindings);
    return bindings.incoming.httpVersionMajor === 2 ? forHttp2(response) : response;
  };
  // Node's requestTimeout would end a large upload over a slow line; a stall limits uploads instead (uploadIdleMs).
  const plain = () => createAdaptorServer({ fetch, serverOptions: { requestTimeout: 0 } });
  let server: ServerType;
  const servers: ServerType[] = [];
  // TLS connections, HTTP/2 sessions and HTTP/1.1 ones alike: the secure server has no closeAllConnections.
  const sockets = new Set<Socket>();
  const sessions = new Set<http2.ServerHttp2Session>();
  let localUrl: string | undefined;
  try {
    if (tls) {
      // HTTP/2 by ALPN; HTTP/1.1 for clients without it.
      const secure = createAdaptorServer({
        fetch,
        createServer: http2.createSecureServer,
        serverOptions: { key: tls.key, cert: tls.cert, allowHTTP1: true },
      }) as http2.Http2SecureServer;
      // The HTTP/1.1 fallback has Node's request limit too (set here: the constructor takes no option for it).
      Object.assign(secure, { requestTimeout: 0 });
      secure.on('secureConnection', (socket: Socket) => {
        sockets.add(socket);
        socket.once('close', () => sockets.delete(socket));
      });
      secure.on('session', (session: http2.ServerHttp2Session) => {
        sessions.add(session);
        session.once('close', () => sessions.delete(session));
      });
      server = await listen(secure, env.port, env.host);
      servers.push(server);
      // Plain HTTP only from this machine: a token never crosses the LAN unencrypted, and localhost is a secure
      // context, so a browser on the desk itself installs the app without trusting the CA.
      const local = await listen(plain(), env.httpPort, '127.0.0.1');
      servers.push(local);
      const httpPort = (local.address() as AddressInfo).port;
      await listen(plain(), httpPort, '::1').then(
        (s) => servers.push(s),
        // A machine without IPv6 loopback: 127.0.0.1 is enough.
        () => undefined,
      );
      localUrl = `http://127.0.0.1:${httpPort}`;
    } else {
      server = await listen(plain(), env.port, env.host);
      servers.push(server);
    }
  } catch (error) {
    // main.ts stops the process on it; the listeners already open must not hold the port meanwhile.
    for (const s of servers) s.close();
    throw error;
  }
  // Requests in flight, counted until their response has gone out; the event streams never end by themselves.
  let inFlight = 0;
  let settled: (() => void) | undefined;
  for (const s of servers)
    s.on('request', (req: { url?: string }, res: { once(event: 'close', listener: () => void): void }) => {
      if (req.url?.startsWith('/api/events')) return;
      inFlight += 1;
      res.once('close', () => {
        inFlight -= 1;
        if (inFlight === 0) settled?.();
      });
    });
  const port = (server.address() as AddressInfo).port;
  const host = env.host === '0.0.0.0' || env.host === '::' ? 'localhost' : env.host;
  const url = `${tls ? 'https' : 'http'}://${host.includes(':') ? `[${host}]` : host}:${port}`;
  const adminLink = (await needsFirstAdmin(database)) ? await makePasswordLink(database, FIRST_ADMIN, url) : undefined;
  return {
    url,
    adminLink,
    port,
    localUrl,
    certificateValidTo: tls?.validTo,
    token,
    tokenGenerated: generated,
    tokenFile: file,
    database,
    /** Stops accepting, lets requests and jobs finish within the grace period (then hands jobs over), closes the db last. */
    async stop() {
      draining = true;
      clearInterval(pruning);
      const closed = Promise.all(servers.map((s) => new Promise<void>((resolve) => s.close(() => resolve()))));
      const connections = servers as unknown as Array<{
        closeIdleConnections?: () => void;
        closeAllConnections?: () => void;
      }>;
      for (const c of connections) c.closeIdleConnections?.();
      // GOAWAY: a session takes no new streams, the ones open finish.
      for (const session of sessions) session.close();
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
      for (const c of connections) c.closeAllConnections?.();
      for (const socket of sockets) socket.destroy();
      await closed;
      await obs.stop();
      await events.stop();
      await database.close();
    },
  };
}
