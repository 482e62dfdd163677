import { errorResponse, handle } from '../contract-handler';
import { sourcesStore } from '../store/sources';
import type { AnyHandler } from '../types';

const NOT_FOUND = 'Quelle nicht gefunden';
const TAKEN = 'Diese Feed-Adresse ist bereits eingetragen.';

/** Admin → Quellen over the stateful sources store: feeds (409 on an address already listed), fetches, items, the schedule. */
export const sourcesHandlers: AnyHandler[] = [
  handle('sources.list', () => sourcesStore.list()),
  handle('sources.create', ({ body }) =>
    sourcesStore.hasUrl(body.url)
      ? errorResponse(409, TAKEN)
      : sourcesStore.create({
          name: body.name,
          url: body.url,
          category: body.category,
          language: body.language,
          enabled: body.enabled,
        }),
  ),
  handle('sources.update', ({ params, body }) => {
    if (body.url !== undefined && sourcesStore.hasUrl(body.url, params.id)) return errorResponse(409, TAKEN);
    return sourcesStore.update(params.id, body) ?? errorResponse(404, NOT_FOUND);
  }),
  handle('sources.delete', ({ params }) =>
    sourcesStore.remove(params.id) ? undefined : errorResponse(404, NOT_FOUND),
  ),
  handle('sources.fetchAll', () => sourcesStore.fetchAll()),
  handle('sources.fetch', ({ params }) => sourcesStore.fetch(params.id) ?? errorResponse(404, NOT_FOUND)),
  handle('sources.items', ({ query }) => sourcesStore.items(query.limit ?? 50, query.q)),
  handle('settings.get', () => sourcesStore.settings()),
  handle('settings.update', ({ body }) => sourcesStore.updateSettings(body)),
];
