// What every handler can reach through `c.get('deps')`: the database, the event hub, the settings of this instance.
import type { Database } from './db/client';
import type { EventHub } from './events';
import type { N8nClient } from './n8n/n8n-client';

export interface Deps {
  database: Database;
  events: EventHub;
  /** The operator token (never logged, never sent). */
  token: string;
  /** Where uploads are stored. */
  mediaDir: string;
  maxUploadBytes: number;
  /** The operator's n8n (N8N_BASE_URL); unset: the n8n operations answer 503. */
  n8n?: N8nClient;
  /** Where n8n posts stage events (NEWSDESK_CALLBACK_BASE_URL); unset: the trigger request's origin. */
  callbackBaseUrl?: string;
}

export interface AppEnv {
  Variables: { deps: Deps; requestId: string };
}
