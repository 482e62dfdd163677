// What every handler can reach through `c.get('deps')`: the database, the event hub, the settings of this instance.
import type { Database } from './data/db/client';
import type { EventHub } from './data/events';
import type { Credentials } from './adapters/providers/credentials';
import type { DatabaseKeyStore } from './adapters/providers/key-store';
import type { SocialServices } from './adapters/providers/social/services';
import type { N8nClient } from './adapters/n8n/n8n-client';
import type { ObsHub } from './adapters/obs/obs-instance';
import type { PipelineEngine } from './pipeline/engine';
import type { UrlSigner } from './http/signing';
import type { Actor } from './identity/identity';

export interface Deps {
  database: Database;
  events: EventHub;
  /** The operator token: an administrator's API token of the desk (never logged, never sent). */
  token: string;
  /** Days the audit trail keeps an entry (NEWSDESK_AUDIT_RETENTION_DAYS, default 365). */
  auditRetentionDays?: number;
  /** Signs the addresses of stored files, provider videos and event tickets (a key of its own, with expiry). */
  signer: UrlSigner;
  mediaDir: string;
  maxUploadBytes: number;
  /** An upload that sends nothing for this long is ended (408); its total time is not limited. */
  uploadIdleMs?: number;
  /** Provider addresses and keys (never sent to the console). */
  credentials: Credentials;
  /** the encrypted store of keys saved in Admin (credentials reads it first). */
  keyStore: DatabaseKeyStore;
  /** Social publishing, OAuth and platform tokens. */
  social: SocialServices;
  /** The server's public origin for OAuth redirects (NEWSDESK_PUBLIC_URL); unset: the request's origin. */
  publicUrl?: string;
  /** The operator's n8n (N8N_BASE_URL); unset: the n8n operations answer 503. */
  n8n?: N8nClient;
  /** Where n8n posts stage events (NEWSDESK_CALLBACK_BASE_URL); unset: the trigger request's origin. */
  callbackBaseUrl?: string;
  /** OBS through the server; absent or empty: /obs/* answers 503 'OBS ist nicht konfiguriert.'. */
  obs?: ObsHub;
  /** The desk's own pipeline engine (runs without n8n, the stages n8n asks for, source polling). */
  engine?: PipelineEngine;
}

export interface AppEnv {
  Variables: {
    deps: Deps;
    requestId: string;
    /** Who is calling (set by the authentication for every route that is not open). */
    actor?: Actor;
    /** The client's address (behind a trusted proxy: from X-Forwarded-For). */
    address?: string;
  };
}
