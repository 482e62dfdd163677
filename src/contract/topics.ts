// Which data a change makes stale: read by the console's mutations and by its event stream alike. No zod here, so a
// screen can import it without the contract's schemas.
import type { ChangeEvent } from './entities';
import { areaOf } from './area';

/** A topic of the server's change stream (GET /events). */
export type ChangeTopic = ChangeEvent['topic'];

/**
 * The areas whose queries a change of each topic makes stale. A post changes the overview's counters and the Social
 * screen's lists; a run changes the overview; an OBS change is the Live screen's.
 */
export const STALE_AFTER: Readonly<Record<ChangeTopic, readonly string[]>> = {
  posts: ['posts', 'dashboard', 'social'],
  media: ['media', 'dashboard', 'video'],
  news: ['news', 'dashboard'],
  video: ['video', 'dashboard'],
  users: ['users'],
  social: ['social'],
  live: ['live', 'obs', 'telegram'],
  workflow: ['workflow', 'dashboard'],
  sources: ['sources'],
};

/** What an operation's success makes stale: its topic's areas and the ones it names, or else its own area. */
export function staleAreas(id: string, def: { topic?: ChangeTopic; invalidates?: readonly string[] }): string[] {
  const areas = [...(def.topic ? STALE_AFTER[def.topic] : []), ...(def.invalidates ?? [])];
  return areas.length > 0 ? [...new Set(areas)] : [areaOf(id)];
}
