// The server's environment, parsed once at start; a bad value stops the server with a German message naming it.
import type { BlockList } from 'node:net';
import * as z from 'zod/mini';
import { trustedProxies } from './http/auth';

const port = z.coerce.number().check(z.int(), z.minimum(0), z.maximum(65535));
const positive = z.coerce.number().check(z.int(), z.minimum(1));

const EnvSchema = z.object({
  PORT: z._default(port, 3000),
  HOST: z._default(z.string(), '0.0.0.0'),
  NEWSDESK_TOKEN: z.optional(z.string().check(z.minLength(16, 'NEWSDESK_TOKEN muss mindestens 16 Zeichen lang sein.'))),
  DATABASE_URL: z.optional(
    z.string().check(z.regex(/^postgres(ql)?:\/\//, 'DATABASE_URL muss mit postgres:// oder postgresql:// beginnen.')),
  ),
  NEWSDESK_DATA_DIR: z._default(z.string(), 'data'),
  NEWSDESK_ALLOWED_ORIGINS: z._default(z.string(), ''),
  NEWSDESK_DIST_DIR: z._default(z.string(), 'dist'),
  NEWSDESK_MAX_UPLOAD_MB: z._default(positive, 512),
  NEWSDESK_AUTH_MAX_FAILURES: z._default(positive, 10),
  NEWSDESK_AUTH_WINDOW_MS: z._default(positive, 60_000),
  // the secret that encrypts saved provider keys (unset: generated into the data folder).
  NEWSDESK_SECRET_KEY: z.optional(
    z.string().check(z.minLength(32, 'NEWSDESK_SECRET_KEY muss mindestens 32 Zeichen lang sein.')),
  ),
  // Signs file addresses and event tickets (unset: derived from the secret key); a new one revokes every address.
  NEWSDESK_SIGNING_SECRET: z.optional(
    z.string().check(z.minLength(32, 'NEWSDESK_SIGNING_SECRET muss mindestens 32 Zeichen lang sein.')),
  ),
  NEWSDESK_JOB_POLL_MS: z._default(positive, 5000),
  NEWSDESK_AUDIT_RETENTION_DAYS: z._default(positive, 365),
  NEWSDESK_PROVIDER_RETRY_MS: z._default(positive, 2000),
  NEWSDESK_TRUSTED_PROXIES: z.optional(z.string()),
  NEWSDESK_FETCH_PRIVATE: z._default(z.enum(['0', '1']), '0'),
  NEWSDESK_SOURCE_INTERVAL_MIN: z._default(positive, 15),
  NEWSDESK_JOB_LEASE_MS: z._default(z.coerce.number().check(z.int(), z.minimum(1000)), 30_000),
  NEWSDESK_UPLOAD_IDLE_MS: z._default(z.coerce.number().check(z.int(), z.minimum(1000)), 60_000),
  NEWSDESK_SHUTDOWN_GRACE_MS: z._default(z.coerce.number().check(z.int(), z.minimum(0)), 10_000),
  NEWSDESK_DEFAULT_SOURCES: z._default(z.enum(['0', '1']), '1'),
  // HTTPS: certificate and key files (PEM); unset: the pair npm run certs wrote into the data folder, if any.
  NEWSDESK_TLS_CERT: z.optional(z.string()),
  NEWSDESK_TLS_KEY: z.optional(z.string()),
  NEWSDESK_HTTP_PORT: z._default(port, 3080),
  NEWSDESK_PUBLIC_URL: z.optional(
    z.string().check(z.regex(/^https?:\/\//, 'NEWSDESK_PUBLIC_URL muss mit http:// oder https:// beginnen.')),
  ),
  // n8n: the operator's n8n, its public-API key, the AI-News webhook path, where n8n reaches this server.
  N8N_BASE_URL: z.optional(
    z.string().check(z.regex(/^https?:\/\/[^\s]+$/, 'N8N_BASE_URL muss mit http:// oder https:// beginnen.')),
  ),
  N8N_API_KEY: z.optional(z.string()),
  N8N_AI_NEWS_WEBHOOK_PATH: z._default(z.string(), 'ai-news'),
  NEWSDESK_CALLBACK_BASE_URL: z.optional(
    z
      .string()
      .check(z.regex(/^https?:\/\/[^\s]+$/, 'NEWSDESK_CALLBACK_BASE_URL muss mit http:// oder https:// beginnen.')),
  ),
  // OBS through the server: one OBS by OBS_URL/OBS_PASSWORD, or several named ones by OBS_INSTANCES.
  OBS_URL: z.optional(z.string().check(z.regex(/^wss?:\/\/[^\s]+$/i, 'OBS_URL muss mit ws:// oder wss:// beginnen.'))),
  OBS_PASSWORD: z.optional(z.string()),
  OBS_NAME: z._default(z.string(), 'OBS'),
  OBS_TEXT_SOURCE: z._default(z.string(), 'AI News Content'),
  OBS_INSTANCES: z.optional(z.string()),
});

export interface Env {
  port: number;
  host: string;
  token: string | undefined;
  databaseUrl: string | undefined;
  dataDir: string;
  allowedOrigins: string[];
  distDir: string;
  maxUploadBytes: number;
  authMaxFailures: number;
  authWindowMs: number;
  /** the secret for the key store; undefined → generated in the data folder. */
  secretKey: string | undefined;
  /** Signs file addresses and event tickets; undefined → derived from the key store's secret. */
  signingSecret: string | undefined;
  jobPollMs: number;
  /** Days the audit trail keeps an entry. */
  auditRetentionDays: number;
  providerRetryMs: number;
  publicUrl: string | undefined;
  n8n: { baseUrl: string; apiKey: string | undefined; webhookPath: string } | undefined;
  /** The address n8n posts stage events to (…/api/runs/{id}/events is appended); unset: the trigger request's origin. */
  callbackBaseUrl: string | undefined;
  /** The OBS instances the server connects to (empty: /obs/* answers 503). Passwords never leave the server. */
  obsInstances: ObsInstanceConfig[];
  /** Feeds and articles on private or loopback addresses may be read (NEWSDESK_FETCH_PRIVATE=1: an intranet feed, tests). */
  fetchPrivate: boolean;
  sourceIntervalMs: number;
  /** How long a running job's claim lasts without renewal: a crashed instance's stage is taken over after it. */
  jobLeaseMs: number;
  /** An upload stalled this long is ended; a slow but steady one is not. */
  uploadIdleMs: number;
  /** On SIGTERM: how long requests in flight and running jobs get to finish before they are cut or handed over. */
  shutdownGraceMs: number;
  /** A fresh desk starts with a short list of public feeds (NEWSDESK_DEFAULT_SOURCES=0: none). */
  defaultSources: boolean;
  /** Reverse proxies whose X-Forwarded-For names the client for the sign-in limiter. */
  trustedProxies: BlockList | undefined;
  /** Certificate and key files for HTTPS; undefined → the generated pair in <dataDir>/tls when present. */
  tls: { cert: string; key: string } | undefined;
  /** With HTTPS: the port of the plain-HTTP listener, bound to this machine (127.0.0.1, ::1) only. */
  httpPort: number;
}

export interface ObsInstanceConfig {
  name: string;
  url: string;
  password: string;
  textSource: string;
}

const ObsInstancesSchema = z.array(
  z.object({
    name: z.string().check(z.minLength(1, 'Jede OBS-Instanz braucht einen Namen.')),
    url: z
      .string()
      .check(z.regex(/^wss?:\/\/[^\s]+$/i, 'Die url einer OBS-Instanz muss mit ws:// oder wss:// beginnen.')),
    password: z.optional(z.string()),
    textSource: z.optional(z.string()),
  }),
);

function obsInstances(e: {
  OBS_URL?: string;
  OBS_PASSWORD?: string;
  OBS_NAME: string;
  OBS_TEXT_SOURCE: string;
  OBS_INSTANCES?: string;
}): ObsInstanceConfig[] {
  const list: ObsInstanceConfig[] = [];
  if (e.OBS_INSTANCES) {
    let raw: unknown;
    try {
      raw = JSON.parse(e.OBS_INSTANCES);
    } catch {
      throw new EnvError(
        'Ungültige Umgebung: OBS_INSTANCES: kein gültiges JSON (erwartet [{"name","url","password"}]).',
      );
    }
    const parsed = z.safeParse(ObsInstancesSchema, raw);
    // The issues name the field, never its value: a password must not show up in the start-up error.
    if (!parsed.success)
      throw new EnvError(
        `Ungültige Umgebung: OBS_INSTANCES: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
      );
    for (const i of parsed.data)
      list.push({
        name: i.name.trim(),
        url: i.url,
        password: i.password ?? '',
        textSource: i.textSource ?? e.OBS_TEXT_SOURCE,
      });
  }
  if (e.OBS_URL)
    list.unshift({
      name: e.OBS_NAME.trim() || 'OBS',
      url: e.OBS_URL,
      password: e.OBS_PASSWORD ?? '',
      textSource: e.OBS_TEXT_SOURCE,
    });
  const names = new Set<string>();
  for (const i of list) {
    if (names.has(i.name)) throw new EnvError(`Ungültige Umgebung: OBS-Instanz "${i.name}" ist doppelt.`);
    names.add(i.name);
  }
  return list;
}

export class EnvError extends Error {}

function proxiesOf(setting: string | undefined): BlockList | undefined {
  try {
    return trustedProxies(setting);
  } catch (error) {
    throw new EnvError(`Ungültige Umgebung: ${(error as Error).message}`);
  }
}

function tlsOf(cert: string | undefined, key: string | undefined): Env['tls'] {
  if (!cert && !key) return undefined;
  if (!cert || !key)
    throw new EnvError(
      'Ungültige Umgebung: NEWSDESK_TLS_CERT und NEWSDESK_TLS_KEY gehören zusammen – bitte beide setzen.',
    );
  return { cert, key };
}

/** Reads the environment; empty values count as unset. Throws EnvError with a German reason. */
export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v.trim() !== ''));
  const result = z.safeParse(EnvSchema, cleaned);
  if (!result.success) {
    const reasons = result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new EnvError(`Ungültige Umgebung: ${reasons}`);
  }
  const e = result.data;
  return {
    port: e.PORT,
    host: e.HOST,
    token: e.NEWSDESK_TOKEN,
    databaseUrl: e.DATABASE_URL,
    dataDir: e.NEWSDESK_DATA_DIR,
    allowedOrigins: e.NEWSDESK_ALLOWED_ORIGINS.split(',')
      .map((o) => o.trim().replace(/\/$/, ''))
      .filter(Boolean),
    distDir: e.NEWSDESK_DIST_DIR,
    maxUploadBytes: e.NEWSDESK_MAX_UPLOAD_MB * 1024 * 1024,
    authMaxFailures: e.NEWSDESK_AUTH_MAX_FAILURES,
    authWindowMs: e.NEWSDESK_AUTH_WINDOW_MS,
    secretKey: e.NEWSDESK_SECRET_KEY,
    signingSecret: e.NEWSDESK_SIGNING_SECRET,
    jobPollMs: e.NEWSDESK_JOB_POLL_MS,
    auditRetentionDays: e.NEWSDESK_AUDIT_RETENTION_DAYS,
    providerRetryMs: e.NEWSDESK_PROVIDER_RETRY_MS,
    publicUrl: e.NEWSDESK_PUBLIC_URL?.replace(/\/+$/, ''),
    n8n: e.N8N_BASE_URL
      ? {
          baseUrl: e.N8N_BASE_URL.replace(/\/+$/, ''),
          apiKey: e.N8N_API_KEY,
          webhookPath: e.N8N_AI_NEWS_WEBHOOK_PATH.replace(/^\/+|\/+$/g, ''),
        }
      : undefined,
    // n8n reaches the desk at its public address unless it needs another one (n8n in Docker: host.docker.internal).
    callbackBaseUrl: (e.NEWSDESK_CALLBACK_BASE_URL ?? e.NEWSDESK_PUBLIC_URL)?.replace(/\/+$/, ''),
    obsInstances: obsInstances(e),
    fetchPrivate: e.NEWSDESK_FETCH_PRIVATE === '1',
    sourceIntervalMs: e.NEWSDESK_SOURCE_INTERVAL_MIN * 60_000,
    jobLeaseMs: e.NEWSDESK_JOB_LEASE_MS,
    shutdownGraceMs: e.NEWSDESK_SHUTDOWN_GRACE_MS,
    uploadIdleMs: e.NEWSDESK_UPLOAD_IDLE_MS,
    defaultSources: e.NEWSDESK_DEFAULT_SOURCES === '1',
    trustedProxies: proxiesOf(e.NEWSDESK_TRUSTED_PROXIES),
    tls: tlsOf(e.NEWSDESK_TLS_CERT, e.NEWSDESK_TLS_KEY),
    httpPort: e.NEWSDESK_HTTP_PORT,
  };
}
