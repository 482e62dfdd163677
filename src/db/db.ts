import Dexie, { type EntityTable } from 'dexie';

/** One entry of the error log (SPEC §3 "Error log entry"); `operation` lets Retry re-run the failed call. */
export interface ErrorLogEntry {
  id: number;
  timestamp: number;
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

/** The app's IndexedDB database. A new version() for every schema change; never edit an old one. */
export const db = new Dexie('newsdesk') as NewsdeskDb;

db.version(1).stores({
  errorLog: '++id, timestamp, service, resolved',
  outbox: 'id, status, createdAt, idempotencyKey',
  settings: 'key',
  prompts: 'id, createdAt, category',
});
