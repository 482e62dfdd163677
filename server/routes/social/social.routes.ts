// Social: platforms and their connection state, templates, scheduled posts, analytics from the stored posts.
// Publishing to a platform needs its adapter (issue 15): 503 until configured.
import { asc, avg, eq, sql, sum } from 'drizzle-orm';
import type { Context, Hono } from 'hono';
import type { Platform, ScheduledPost, SocialPlatform } from '../../../src/contract';
import type { AppEnv } from '../../context';
import { posts, postTemplates, scheduledPosts, socialPlatforms } from '../../db/schema';
import { HttpError, notConfigured, notFound } from '../../errors';
import { register } from '../../operation';

const toPlatform = (row: typeof socialPlatforms.$inferSelect): SocialPlatform => ({
  id: row.id as Platform, name: row.name, connected: row.connected, status: row.status, followers: row.followers, posts: row.posts,
});
const toScheduled = (row: typeof scheduledPosts.$inferSelect): ScheduledPost => ({
  id: row.id, title: row.title, platform: row.platform as Platform, time: row.time, status: row.status, ...(row.content !== null ? { content: row.content } : {}),
});
const NAMES: Record<Platform, string> = { youtube: 'YouTube', facebook: 'Facebook', telegram: 'Telegram', instagram: 'Instagram', tiktok: 'TikTok' };

async function setConnected(c: Context<AppEnv>, id: Platform, connected: boolean): Promise<SocialPlatform> {
  const { database, events } = c.get('deps');
  const [row] = await database.db
    .update(socialPlatforms)
    .set({ connected, ...(connected ? {} : { status: 'Nicht verbunden' }) })
    .where(eq(socialPlatforms.id, id))
    .returning();
  if (!row) throw notFound('Plattform');
  await events.publish({ topic: 'social', action: 'updated', id });
  return toPlatform(row);
}

async function publishTo(c: Context<AppEnv>, platform: Platform): Promise<never> {
  const [row] = await c.get('deps').database.db.select().from(socialPlatforms).where(eq(socialPlatforms.id, platform));
  if (row && !row.connected) throw new HttpError(409, `${row.name} ist nicht verbunden.`, 'not_connected');
  throw notConfigured(`Die Veröffentlichung auf ${NAMES[platform]}`);
}

export function registerSocial(app: Hono<AppEnv>): void {
  register(app, 'social.platforms', async ({ c }) => (await c.get('deps').database.db.select().from(socialPlatforms).orderBy(asc(socialPlatforms.seq))).map(toPlatform));
  register(app, 'social.connect', ({ params, c }) => setConnected(c, params.id, true));
  register(app, 'social.disconnect', ({ params, c }) => setConnected(c, params.id, false));
  register(app, 'social.post', ({ params, c }) => publishTo(c, params.platform));
  register(app, 'social.tiktokPost', ({ c }) => publishTo(c, 'tiktok'));
  register(app, 'social.instagramPost', ({ c }) => publishTo(c, 'instagram'));

  register(app, 'social.templates', async ({ c }) => c.get('deps').database.db.select({ id: postTemplates.id, name: postTemplates.name, content: postTemplates.content }).from(postTemplates).orderBy(asc(postTemplates.seq)));
  register(app, 'social.updateTemplate', async ({ params, body, c }) => {
    const { database, events } = c.get('deps');
    const [row] = await database.db.update(postTemplates).set({ name: body.name, content: body.content }).where(eq(postTemplates.id, params.id)).returning();
    if (!row) throw notFound('Vorlage');
    await events.publish({ topic: 'social', action: 'updated', id: row.id });
    return { id: row.id, name: row.name, content: row.content };
  });

  register(app, 'social.scheduled', async ({ c }) => (await c.get('deps').database.db.select().from(scheduledPosts).orderBy(asc(scheduledPosts.time), asc(scheduledPosts.seq))).map(toScheduled));
  register(app, 'social.updateScheduled', async ({ params, body, c }) => {
    const { database, events } = c.get('deps');
    const [row] = await database.db
      .update(scheduledPosts)
      .set({ title: body.title, platform: body.platform, time: body.time, status: body.status, content: body.content ?? null })
      .where(eq(scheduledPosts.id, params.id))
      .returning();
    if (!row) throw notFound('Geplanter Post');
    await events.publish({ topic: 'social', action: 'updated', id: row.id });
    return toScheduled(row);
  });

  register(app, 'social.analytics', async ({ c }) => {
    const { db } = c.get('deps').database;
    const platforms = (await db.select().from(socialPlatforms).orderBy(asc(socialPlatforms.seq))).map(toPlatform);
    const perPost = await db
      .select({ platform: posts.platform, reach: sum(posts.views), engagement: avg(posts.engagement) })
      .from(posts)
      .where(eq(posts.status, 'published'))
      .groupBy(posts.platform);
    const [{ scheduled }] = await db.select({ scheduled: sql<number>`count(*)::int` }).from(scheduledPosts);
    const byPlatform = new Map(perPost.map((p) => [p.platform, p]));
    const perPlatform = platforms.map((p) => {
      const stored = byPlatform.get(p.id);
      return { platform: p.id, reach: Number(stored?.reach ?? 0), engagement: Math.round(Number(stored?.engagement ?? 0) * 10) / 10 };
    });
    const followers = platforms.reduce((s, p) => s + p.followers, 0);
    const postCount = platforms.reduce((s, p) => s + p.posts, 0);
    const reach = perPlatform.reduce((s, p) => s + p.reach, 0);
    return {
      stats: [
        { id: 'followers', title: 'Follower gesamt', value: followers.toLocaleString('de-DE'), description: `${platforms.filter((p) => p.connected).length} verbundene Plattformen` },
        { id: 'posts', title: 'Posts gesamt', value: postCount.toLocaleString('de-DE'), description: 'über alle Plattformen' },
        { id: 'reach', title: 'Reichweite', value: reach.toLocaleString('de-DE'), description: 'Aufrufe veröffentlichter Posts' },
        { id: 'scheduled', title: 'Geplant', value: String(scheduled), description: 'anstehende Posts' },
      ],
      perPlatform,
    };
  });
}
