// Sources (the Scraper's feeds) and the desk's settings: CRUD, „Jetzt abrufen“, the stored items with their provenance.
import type { Context, Hono } from 'hono';
import type { AppEnv } from '../../context';
import { HttpError } from '../../http/errors';
import { register } from '../../http/operation';
import type { PipelineEngine } from '../../pipeline/engine';
import { readSettings, updateSettings } from '../../data/settings';
import { createSource, deleteSource, listItems, listSources, sourceView, updateSource } from '../../sources/store';

function engineOf(c: Context<AppEnv>): PipelineEngine {
  const engine = c.get('deps').engine;
  if (!engine) throw new HttpError(503, 'Die Pipeline-Engine läuft auf diesem Server nicht.', 'not_configured');
  return engine;
}

export function registerSources(app: Hono<AppEnv>): void {
  register(app, 'sources.list', async ({ c }) => listSources(c.get('deps').database.db));

  register(app, 'sources.create', async ({ body, c }) => {
    const { database, events } = c.get('deps');
    const created = await createSource(database.db, body);
    await events.publish({ topic: 'sources', action: 'created', id: created.id });
    return created;
  });

  register(app, 'sources.update', async ({ params, body, c }) => {
    const { database, events } = c.get('deps');
    const updated = await updateSource(database.db, params.id, body);
    await events.publish({ topic: 'sources', action: 'updated', id: params.id });
    return updated;
  });

  register(app, 'sources.delete', async ({ params, c }) => {
    const { database, events } = c.get('deps');
    await deleteSource(database.db, params.id);
    await events.publish({ topic: 'sources', action: 'deleted', id: params.id });
  });

  register(app, 'sources.fetch', async ({ params, c }) => {
    const { db } = c.get('deps').database;
    await sourceView(db, params.id);
    await engineOf(c).pollNow([params.id]);
    return sourceView(db, params.id);
  });

  register(app, 'sources.fetchAll', async ({ c }) => {
    await engineOf(c).pollNow();
    return listSources(c.get('deps').database.db);
  });

  register(app, 'sources.items', async ({ query, c }) =>
    listItems(c.get('deps').database.db, { q: query.q, limit: query.limit ?? 50 }),
  );

  register(app, 'settings.get', async ({ c }) => readSettings(c.get('deps').database.db));
  register(app, 'settings.update', async ({ body, c }) => updateSettings(c.get('deps').database.db, body));
}
