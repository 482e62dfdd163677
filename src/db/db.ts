import Dexie, { type EntityTable } from 'dexie';

/** @public db/live-query.ts reads it off this lazily loaded module (and Dexie with it), which knip cannot follow. */
export { liveQuery } from 'dexie';
import { getConfig, type RuntimeConfig } from '@/lib/config';
import { activeScenario, type Scenario } from '@/lib/mock-scenarios';

/** One entry of the error log (SPEC §3 "Error log entry"); `operation` lets Retry re-run the failed call. */
export interface ErrorLogEntry {
  id: number;
  /** When it (last) happened. */
  timestamp: number;
  /** How many identical failures this entry stands for (missing on entries written before folding: 1). */
  count?: number;
  /** When the first of the folded failures happened (missing: same as timestamp). */
  firstTimestamp?: number;
  service: string;
  error: string;
  retryCount: number;
  resolved: boolean;
  context: Record<string, unknown>;
  operation?: { kind: string; args: unknown };
}

export type OutboxStatus = 'queued' | 'sending' | 'sent' | 'failed' | 'expired';

/** A post waiting to be sent (DESIGN "Offline and PWA"); never holds a secret. */
export interface QueuedPost {
  id: string;
  idempotencyKey: string;
  platform: string;
  payload: Record<string, unknown>;
  status: OutboxStatus;
  createdAt: number;
  updatedAt: number;
  attempts: number;
  error?: string;
  expiresAt?: number;
  /** Not sent before this time: the server asked to wait (a 409 for the same key still in progress, with Retry-After). */
  notBefore?: number;
}

export interface Setting {
  key: string;
  value: unknown;
}

export interface CustomPrompt {
  id: string;
  name: string;
  category: string;
  template: string;
  createdAt: number;
}

export type NewsdeskDb = Dexie & {
  errorLog: EntityTable<ErrorLogEntry, 'id'>;
  outbox: EntityTable<QueuedPost, 'id'>;
  settings: EntityTable<Setting, 'key'>;
  prompts: EntityTable<CustomPrompt, 'id'>;
};

/**
 * The database's name. Live mode keeps the operator's data in 'newsdesk'. Mock mode never shares it: the demo has
 * 'newsdesk-demo' (before, it used 'newsdesk' too, and its in-page mock marked real queued posts as sent), and each mock
 * scenario (?scenario=error, empty, slow, offline) a database of its own, so that a demo of failures or of an empty
 * desk — the fixture gallery opens all of them at once — never writes into the operator's error log, outbox or
 * settings, and an empty desk starts empty. Nothing is migrated: demo data an older build left in 'newsdesk' stays
 * there, since which rows the demo wrote and which a live console wrote cannot be told apart.
 */
export function databaseName(
  scenario: Scenario = activeScenario(),
  mode: RuntimeConfig['apiMode'] = getConfig().apiMode,
): string {
  if (mode === 'live') return 'newsdesk';
  return scenario === 'default' ? 'newsdesk-demo' : `newsdesk-scenario-${scenario}`;
}

/** The schema: a new version() for every schema change; never edit an old one. */
export function defineSchema(target: Dexie): void {
  target.version(1).stores({
    errorLog: '++id, timestamp, service, resolved',
    outbox: 'id, status, createdAt, idempotencyKey',
    settings: 'key',
    prompts: 'id, createdAt, category',
  });
}

/** Another connection to the app's database, as a second tab has it (tests of tabs working at once). */
export function openConnection(name = databaseName()): NewsdeskDb {
  const connection = new Dexie(name) as NewsdeskDb;
  defineSchema(connection);
  return connection;
}

/** The app's IndexedDB database. */
export const db = openConnection();
