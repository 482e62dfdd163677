import type { FeedSourcePatch, NewFeedSource } from '@/contract';
import { callApi, TIMEOUTS } from './client';

/** GET /sources */
export const listSources = (signal?: AbortSignal) => callApi('sources.list', { signal });
/** POST /sources */
export const createSource = (source: NewFeedSource) => callApi('sources.create', { body: source });
/** PATCH /sources/{id} */
export const updateSource = (id: string, patch: FeedSourcePatch) =>
  callApi('sources.update', { params: { id }, body: patch });
/** DELETE /sources/{id} */
export const deleteSource = (id: string) => callApi('sources.delete', { params: { id } });
/** POST /sources/{id}/fetch: reads one feed now. */
export const fetchSource = (id: string) => callApi('sources.fetch', { params: { id } });
/** POST /sources/fetch: reads every enabled feed now. */
// The server reads every feed before it answers: a write's 30 s can be too short for a long list.
export const fetchAllSources = () => callApi('sources.fetchAll', { timeoutMs: TIMEOUTS.generation });
/** GET /sources/items?limit= — the newest stored items with the sources that carried them. */
export const listSourceItems = (limit = 20, signal?: AbortSignal) =>
  callApi('sources.items', { query: { limit }, signal });
