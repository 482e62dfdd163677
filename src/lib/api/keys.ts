import type { SavedKey } from '@/contract/entities';
import { callApi } from './client';

export type { SavedKey };

/** GET /keys: the keys the live server holds, masked, with their last test (never the key). */
export const listServerKeys = (signal?: AbortSignal) => callApi('keys.list', { signal, retries: false });
/** PUT /keys/{service}: the key goes to the server once and is kept there encrypted. */
export const saveServerKey = (service: SavedKey['service'], key: string) =>
  callApi('keys.save', { params: { service }, body: { key }, retries: false, record: false });
