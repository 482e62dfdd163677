// The server's environment, parsed once at start; a bad value stops the server with a German message naming it.
import * as z from 'zod/mini';

const port = z.coerce.number().check(z.int(), z.minimum(0), z.maximum(65535));
const positive = z.coerce.number().check(z.int(), z.minimum(1));

const EnvSchema = z.object({
  PORT: z._default(port, 3000),
  HOST: z._default(z.string(), '0.0.0.0'),
  NEWSDESK_TOKEN: z.optional(z.string().check(z.minLength(16, 'NEWSDESK_TOKEN muss mindestens 16 Zeichen lang sein.'))),
  DATABASE_URL: z.optional(z.string().check(z.regex(/^postgres(ql)?:\/\//, 'DATABASE_URL muss mit postgres:// oder postgresql:// beginnen.'))),
  NEWSDESK_DATA_DIR: z._default(z.string(), 'data'),
  NEWSDESK_ALLOWED_ORIGINS: z._default(z.string(), ''),
  NEWSDESK_DIST_DIR: z._default(z.string(), 'dist'),
  NEWSDESK_MAX_UPLOAD_MB: z._default(positive, 512),
  NEWSDESK_AUTH_MAX_FAILURES: z._default(positive, 10),
  NEWSDESK_AUTH_WINDOW_MS: z._default(positive, 60_000),
  // OBS through the server (issue 14): one OBS by OBS_URL/OBS_PASSWORD, or several named ones by OBS_INSTANCES.
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
  /** The OBS instances the server connects to (empty: /obs/* answers 503). Passwords never leave the server. */
  obsInstances: ObsInstanceConfig[];
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
    url: z.string().check(z.regex(/^wss?:\/\/[^\s]+$/i, 'Die url einer OBS-Instanz muss mit ws:// oder wss:// beginnen.')),
    password: z.optional(z.string()),
    textSource: z.optional(z.string()),
  }),
);

function obsInstances(e: { OBS_URL?: string; OBS_PASSWORD?: string; OBS_NAME: string; OBS_TEXT_SOURCE: string; OBS_INSTANCES?: string }): ObsInstanceConfig[] {
  const list: ObsInstanceConfig[] = [];
  if (e.OBS_INSTANCES) {
    let raw: unknown;
    try {
      raw = JSON.parse(e.OBS_INSTANCES);
    } catch {
      throw new EnvError('Ungültige Umgebung: OBS_INSTANCES: kein gültiges JSON (erwartet [{"name","url","password"}]).');
    }
    const parsed = z.safeParse(ObsInstancesSchema, raw);
    // The issues name the field, never its value: a password must not show up in the start-up error.
    if (!parsed.success) throw new EnvError(`Ungültige Umgebung: OBS_INSTANCES: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
    for (const i of parsed.data) list.push({ name: i.name.trim(), url: i.url, password: i.password ?? '', textSource: i.textSource ?? e.OBS_TEXT_SOURCE });
  }
  if (e.OBS_URL) list.unshift({ name: e.OBS_NAME.trim() || 'OBS', url: e.OBS_URL, password: e.OBS_PASSWORD ?? '', textSource: e.OBS_TEXT_SOURCE });
  const names = new Set<string>();
  for (const i of list) {
    if (names.has(i.name)) throw new EnvError(`Ungültige Umgebung: OBS-Instanz "${i.name}" ist doppelt.`);
    names.add(i.name);
  }
  return list;
}

export class EnvError extends Error {}

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
    allowedOrigins: e.NEWSDESK_ALLOWED_ORIGINS.split(',').map((o) => o.trim().replace(/\/$/, '')).filter(Boolean),
    distDir: e.NEWSDESK_DIST_DIR,
    maxUploadBytes: e.NEWSDESK_MAX_UPLOAD_MB * 1024 * 1024,
    authMaxFailures: e.NEWSDESK_AUTH_MAX_FAILURES,
    authWindowMs: e.NEWSDESK_AUTH_WINDOW_MS,
    obsInstances: obsInstances(e),
  };
}
