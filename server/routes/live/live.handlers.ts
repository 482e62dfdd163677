// Live: the scheduled broadcasts are stored; OBS runs through the server's own obs-websocket connections,
// 503 'OBS ist nicht konfiguriert.' when no OBS is set up.
import { asc } from 'drizzle-orm';
import type { Context, Hono } from 'hono';
import type { AppEnv } from '../../context';
import { broadcasts } from '../../data/db/schema';
import { HttpError, notConfigured } from '../../http/errors';
import { ObsNotConnected, ObsRequestFailed, type ObsInstance } from '../../adapters/obs/obs-instance';
import { ObsTimeout, onAirStep } from '../../adapters/obs/on-air';
import { register } from '../../http/operation';
import { storyDetails } from '../../pipeline/publication';
import { readSettings } from '../../data/settings';
import { sendTelegramMessage } from '../../adapters/providers/telegram';

/** obs-websocket RequestStatus codes the routes answer specially. */
const RESOURCE_NOT_FOUND = 600;
const OUTPUT_RUNNING = 500;
const OUTPUT_NOT_RUNNING = 501;

function pick(c: Context<AppEnv>, name: string | undefined): ObsInstance {
  const hub = c.get('deps').obs;
  if (!hub || hub.instances.length === 0) throw notConfigured('OBS');
  const instance = hub.get(name || undefined);
  if (!instance) throw new HttpError(404, `OBS-Instanz "${name}" nicht gefunden.`, 'not_found');
  return instance;
}

/** Runs an OBS request; a missing connection or OBS's refusal becomes a German HttpError. */
async function run<T>(instance: ObsInstance, action: () => Promise<T>, notFound?: string): Promise<T> {
  if (instance.state !== 'connected') {
    const reason = instance.lastError?.message;
    throw new HttpError(503, `Nicht mit OBS verbunden${reason ? `: ${reason}` : '.'}`, 'obs_not_connected');
  }
  try {
    return await action();
  } catch (error) {
    if (error instanceof ObsNotConnected) throw new HttpError(503, 'Nicht mit OBS verbunden.', 'obs_not_connected');
    if (error instanceof ObsTimeout) throw new HttpError(504, error.message, 'obs_timeout');
    if (error instanceof ObsRequestFailed) {
      if (error.code === RESOURCE_NOT_FOUND && notFound)
        throw new HttpError(404, `${notFound} nicht gefunden.`, 'not_found');
      if (error.code === OUTPUT_RUNNING) throw new HttpError(409, 'Stream läuft bereits.', 'stream_running');
      if (error.code === OUTPUT_NOT_RUNNING) throw new HttpError(409, 'Stream läuft nicht.', 'stream_not_running');
      throw new HttpError(
        502,
        `OBS hat die Anfrage abgelehnt: ${error.message} (Code ${error.code}).`,
        'obs_request_failed',
      );
    }
    throw error;
  }
}

async function control(instance: ObsInstance, body: Record<string, unknown>) {
  const text = (key: string) => (typeof body[key] === 'string' ? (body[key] as string) : '');
  switch (body.action) {
    case 'setScene':
    case 'switchScene': {
      const sceneName = text('sceneName');
      if (!sceneName.trim()) throw new HttpError(400, 'Bitte eine Szene angeben (sceneName).', 'validation');
      await run(instance, () => instance.switchScene(sceneName), `Szene "${sceneName}"`);
      return { success: true, sceneName };
    }
    case 'startStream':
      await run(instance, instance.startStream);
      return { success: true };
    case 'stopStream':
      await run(instance, instance.stopStream);
      return { success: true };
    case 'setText': {
      const value = text('text');
      if (!value.trim()) throw new HttpError(400, 'Bitte Text eingeben.', 'validation');
      const source = text('sourceName').trim() || instance.textSource;
      await run(instance, () => instance.setText(value, source), `Quelle "${source}"`);
      return { success: true, sourceName: source };
    }
    default:
      throw new HttpError(400, `Unbekannte Aktion: ${String(body.action)}`, 'validation');
  }
}

export function registerLive(app: Hono<AppEnv>): void {
  register(app, 'live.schedule', async ({ c }) =>
    c
      .get('deps')
      .database.db.select({
        id: broadcasts.id,
        title: broadcasts.title,
        time: broadcasts.time,
        date: broadcasts.date,
        platform: broadcasts.platform,
      })
      .from(broadcasts)
      .orderBy(asc(broadcasts.date), asc(broadcasts.time)),
  );

  register(app, 'obs.status', async ({ query, c }) => {
    const hub = c.get('deps').obs;
    // The truth without OBS: not connected, not streaming, no scene.
    if (!hub || hub.instances.length === 0) return { connected: false, streaming: false, scene: '' };
    const i = pick(c, query.instance);
    const connected = i.state === 'connected';
    let health = null;
    if (connected && i.streaming) health = await i.health().catch(() => null);
    return {
      connected,
      streaming: connected && i.streaming,
      scene: i.currentScene,
      instance: i.name,
      state: i.state,
      streamPhase: i.streamPhase,
      health,
      ...(i.lastError && !connected ? { code: i.lastError.code, message: i.lastError.message } : {}),
      ...(i.reconnect && i.state === 'reconnecting' ? { reconnect: i.reconnect } : {}),
      ...(i.versions ? i.versions : {}),
    };
  });
  register(app, 'obs.scenes', async ({ query, c }) => {
    const i = pick(c, query.instance);
    await run(i, async () => undefined);
    return i.scenes.map((name) => ({ id: name, name, description: name === i.currentScene ? 'Programm' : '' }));
  });
  register(app, 'obs.scene', async ({ query, body, c }) =>
    control(pick(c, query.instance), { action: 'setScene', sceneName: body.sceneName }),
  );
  register(app, 'obs.control', async ({ query, body, c }) => control(pick(c, query.instance), body));
  register(app, 'obs.streamStart', async ({ query, c }) => control(pick(c, query.instance), { action: 'startStream' }));
  register(app, 'obs.streamStop', async ({ query, c }) => control(pick(c, query.instance), { action: 'stopStream' }));
  // „Auf Sendung“ in the Live screen's rundown: the headline into the text source, the public video into the desk's media source.
  register(app, 'live.onAir', async ({ query, body, c }) => {
    const deps = c.get('deps');
    const instance = pick(c, query.instance);
    const story = await storyDetails(deps.database.db, body.newsId, deps.publicUrl ?? new URL(c.req.url).origin);
    if (story.status !== 'published')
      throw new HttpError(409, 'Nur veröffentlichte Meldungen können auf Sendung gehen.', 'invalid_transition');
    const { onAir } = await readSettings(deps.database.db);
    const sourceName = body.sourceName?.trim() || instance.textSource;
    const mediaSource = onAir.mediaSource.trim();
    await run(instance, () => onAirStep(instance.setText(story.title, sourceName)), `Quelle "${sourceName}"`);
    const videoUrl = mediaSource ? (story.videoUrl ?? null) : null;
    if (videoUrl)
      await run(
        instance,
        () => onAirStep(instance.setMediaInput(mediaSource, videoUrl)),
        `Medienquelle "${mediaSource}"`,
      );
    return { success: true, sourceName, headline: story.title, mediaSource: videoUrl ? mediaSource : null, videoUrl };
  });
  // the Live screen's notice goes out through the Bot API to TELEGRAM_CHAT_ID.
  register(app, 'telegram.notify', ({ body, c }) => sendTelegramMessage(c.get('deps').credentials, body.message));
  // OBS through the server
  // With what the server uses (its quick-text source) and, while connected, OBS's scenes and text sources to choose from.
  register(app, 'obs.instances', ({ c }) =>
    Promise.all(
      (c.get('deps').obs?.instances ?? []).map(async (i) => {
        const connected = i.state === 'connected';
        const textSources = connected ? await i.textSources().catch(() => undefined) : undefined;
        return {
          name: i.name,
          url: i.url,
          state: i.state,
          ...(i.lastError && !connected ? { message: i.lastError.message } : {}),
          textSource: i.textSource,
          ...(connected ? { scenes: i.scenes, currentScene: i.currentScene } : {}),
          ...(textSources ? { textSources } : {}),
        };
      }),
    ),
  );
}
