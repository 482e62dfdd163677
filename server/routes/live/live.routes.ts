// Live: the scheduled broadcasts are stored; OBS itself is issue 15 (503 until configured, status reports "not connected").
import { asc } from 'drizzle-orm';
import type { Hono } from 'hono';
import type { AppEnv } from '../../context';
import { broadcasts } from '../../db/schema';
import { notConfigured } from '../../errors';
import { register } from '../../operation';
import { sendTelegramMessage } from '../../providers/telegram';

export function registerLive(app: Hono<AppEnv>): void {
  register(app, 'live.schedule', async ({ c }) =>
    c.get('deps').database.db.select({ id: broadcasts.id, title: broadcasts.title, time: broadcasts.time, date: broadcasts.date, platform: broadcasts.platform }).from(broadcasts).orderBy(asc(broadcasts.date), asc(broadcasts.time)));
  // The truth without OBS: not connected, not streaming, no scene.
  register(app, 'obs.status', () => ({ connected: false, streaming: false, scene: '' }));
  for (const id of ['obs.scenes', 'obs.scene', 'obs.control', 'obs.streamStart', 'obs.streamStop'] as const) {
    register(app, id, () => {
      throw notConfigured('OBS');
    });
  }
  // prov-keys: the Live screen's notice goes out through the Bot API to TELEGRAM_CHAT_ID.
  register(app, 'telegram.notify', ({ body, c }) => sendTelegramMessage(c.get('deps').credentials, body.message));
}
