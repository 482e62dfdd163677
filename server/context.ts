// What every handler can reach through `c.get('deps')`: the database, the event hub, the settings of this instance.
import type { Database } from './db/client';
import type { EventHub } from './events';
import type { ObsHub } from './obs/obs-instance';

export interface Deps {
  database: Database;
  events: EventHub;
  /** The operator token (never logged, never sent). */
  token: string;
  /** Where uploads are stored. */
  mediaDir: string;
  maxUploadBytes: number;
  /** OBS through the server (issue 14); absent or empty: /obs/* answers 503 'OBS ist nicht konfiguriert.'. */
  obs?: ObsHub;
}

export interface AppEnv {
  Variables: { deps: Deps; requestId: string };
}
