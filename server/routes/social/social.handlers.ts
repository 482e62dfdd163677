// Social: platforms and their connection state, templates, scheduled posts, analytics from the stored posts;
// posts accepted here and published by the job queue through the platform adapters (now or when scheduled), OAuth with the callback.
import { asc, avg, eq, sql, sum } from 'drizzle-orm';
import type { Context, Hono } from 'hono';
import * as z from 'zod/mini';
import type { Platform, SocialPlatform, SocialPostBody, SocialPostResult } from '../../../src/contract';
import type { AppEnv } from '../../context';
import { media, posts, postTemplates, scheduledPosts, socialPlatforms, socialPostResults } from '../../data/db/schema';
import { HttpError, notFound } from '../../http/errors';
import { enqueue, jobState, reschedule } from '../../jobs/queue';
import { register } from '../../http/operation';
import { PlatformError } from '../../adapters/providers/social/http';
import { isOAuthPlatform } from '../../adapters/providers/social/oauth';
import { PUBLISH_JOB, resultIdOfKey } from '../../adapters/providers/social/publisher';
import { mediaFilePath } from '../../http/signing';
import { isTimeZone, parseZoned } from '../../adapters/providers/social/zoned-time';
import { toPlatform, toPostResult, toPublication, toScheduled } from './social.queries';

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

const NOT_SCHEDULED: Record<string, string> = {
  publishing: 'wird gerade veröffentlicht',
  pending: 'wird gerade veröffentlicht',
  published: 'ist bereits veröffentlicht',
  failed: 'ist fehlgeschlagen (unter „Veröffentlichungen“ erneut senden)',
  ended: 'wartet nicht mehr auf seine Zeit (siehe „Veröffentlichungen“)',
};

/** 409 for an edit of a scheduled post the queue has taken up: what the platform gets can no longer change here. */
const notScheduledAnyMore = (status: string) =>
  new HttpError(
    409,
    `Der Post ${NOT_SCHEDULED[status] ?? 'ist nicht mehr geplant'} und kann nicht mehr geändert werden.`,
    'conflict',
  );

/** What a post may carry besides the contract's fields (the body is free-form, SPEC §7). */
const PostExtras = z.object({
  mediaUrl: z.optional(z.url({ protocol: /^https?$/, error: 'mediaUrl muss eine http(s)-Adresse sein.' })),
  mediaType: z.optional(z.enum(['photo', 'video'])),
  timeZone: z.optional(
    z.string().check(z.refine(isTimeZone, 'timeZone ist keine bekannte Zeitzone (z. B. Europe/Berlin).')),
  ),
  postId: z.optional(z.string().check(z.maxLength(100))),
});

/** The server's public origin (NEWSDESK_PUBLIC_URL), else the origin the console called. */
const publicOrigin = (c: Context<AppEnv>) => c.get('deps').publicUrl ?? new URL(c.req.url).origin;

export function platformHttpError(error: PlatformError): HttpError {
  if (error.kind === 'rejected') return new HttpError(422, error.message, 'provider_rejected');
  if (error.kind === 'revoked') return new HttpError(409, error.message, 'token_revoked');
  if (error.kind === 'not_configured') return new HttpError(503, error.message, 'not_configured');
  // Sent, unanswered: not "unavailable" — a retry of the same key answers the stored outcome, never a second post.
  if (error.kind === 'uncertain') return new HttpError(502, error.message, 'provider_uncertain');
  const headers: Record<string, string> | undefined = error.retryAfterMs
    ? { 'Retry-After': String(Math.ceil(error.retryAfterMs / 1000)) }
    : undefined;
  return new HttpError(
    503,
    error.message,
    error.kind === 'rate_limited' ? 'rate_limited' : 'provider_unavailable',
    undefined,
    headers,
  );
}

/**
 * A Media Library file attached to a post: the address the platform fetches (the file's address on this server's public
 * origin for an upload, signed by the publisher when it sends; the stored address for a sample), and photo or video.
 * Audio cannot be posted.
 */
async function attachedMedia(
  c: Context<AppEnv>,
  mediaId: string,
): Promise<{ mediaUrl: string; mediaType: 'photo' | 'video'; mediaId: string }> {
  const { database } = c.get('deps');
  const [row] = await database.db.select().from(media).where(eq(media.id, mediaId));
  if (!row)
    throw new HttpError(400, 'Das gewählte Medium gibt es in der Mediathek nicht mehr.', 'validation', [
      { path: 'body.mediaId', message: 'unbekannt' },
    ]);
  if (row.type === 'audio')
    throw new HttpError(
      400,
      'Audiodateien können nicht gepostet werden: Bitte ein Bild oder Video wählen.',
      'validation',
      [{ path: 'body.mediaId', message: 'Audio' }],
    );
  const mediaUrl = row.fileName ? `${publicOrigin(c)}${mediaFilePath(row.id)}` : row.url;
  if (!mediaUrl)
    throw new HttpError(400, 'Das gewählte Medium hat keine Adresse.', 'validation', [
      { path: 'body.mediaId', message: 'ohne Adresse' },
    ]);
  return { mediaUrl, mediaType: row.type === 'image' ? 'photo' : 'video', mediaId: row.id };
}

/**
 * Accepts a post (202): its publication is recorded and queued in one transaction and the job queue publishes it, so a
 * slow platform never holds the request (a browser that gave up and sent the key again would otherwise meet a post still
 * going out). A repeat of the Idempotency-Key answers the same publication as it stands now and posts nothing again.
 */
async function publishTo(
  c: Context<AppEnv>,
  platform: Platform,
  body: SocialPostBody,
  key: string | undefined,
): Promise<SocialPostResult> {
  const { database, social } = c.get('deps');
  // A repeat of a key this server took answers that post as it stands, before anything that may have changed since is
  // checked (the platform disconnected, the file deleted): a refusal now would let the console send it again anew.
  if (key !== undefined) {
    const [kept] = await database.db
      .select()
      .from(socialPostResults)
      .where(eq(socialPostResults.id, resultIdOfKey(key)));
    if (kept) {
      const zone = (body as { timeZone?: unknown }).timeZone;
      const at = body.scheduledAt
        ? parseZoned(body.scheduledAt, typeof zone === 'string' ? zone : undefined)
        : undefined;
      if (
        kept.platform !== platform ||
        kept.content !== body.content ||
        (kept.title ?? '') !== (body.title?.trim() ?? '') ||
        (kept.scheduledAt?.getTime() ?? null) !== (at?.getTime() ?? null)
      )
        throw new HttpError(422, 'Dieser Idempotency-Key gehört zu einer anderen Anfrage.', 'idempotency_key_reused');
      return toPostResult(kept);
    }
  }
  const [row] = await database.db.select().from(socialPlatforms).where(eq(socialPlatforms.id, platform));
  if (row && !row.connected) throw new HttpError(409, `${row.name} ist nicht verbunden.`, 'not_connected');
  const extras = z.safeParse(PostExtras, body);
  if (!extras.success)
    throw new HttpError(
      400,
      `Die Anfrage ist ungültig: ${extras.error.issues.map((i) => i.message).join('; ')}`,
      'validation',
    );
  const { timeZone, postId } = extras.data;
  // A Media Library file wins over a bare address.
  const attached = body.mediaId ? await attachedMedia(c, body.mediaId) : undefined;
  const mediaUrl = attached?.mediaUrl ?? extras.data.mediaUrl;
  const mediaType = attached?.mediaType ?? extras.data.mediaType ?? (mediaUrl ? 'video' : undefined);
  const input = {
    content: body.content,
    title: body.title?.trim() || undefined,
    mediaUrl,
    mediaType,
    mediaId: attached?.mediaId,
    postId,
  };
  let schedule = {};
  if (body.scheduledAt) {
    const at = parseZoned(body.scheduledAt, timeZone);
    if (!at)
      throw new HttpError(
        400,
        'Der geplante Zeitpunkt braucht eine Zeitzone (z. B. 2026-11-24T08:00+01:00 oder timeZone: Europe/Berlin).',
        'validation',
        [{ path: 'body.scheduledAt', message: 'Zeitzone fehlt' }],
      );
    schedule = { scheduledAt: at, time: body.scheduledAt, timeZone };
  }
  const outcome = await social.publisher.accept(platform, { ...input, ...schedule }, key);
  if ('reused' in outcome)
    throw new HttpError(422, 'Dieser Idempotency-Key gehört zu einer anderen Anfrage.', 'idempotency_key_reused');
  // The post says who sent it, as its story says who approved it.
  const who = c.get('actor')?.name;
  if (postId && who) await database.db.update(posts).set({ publishedBy: who }).where(eq(posts.id, postId));
  return toPostResult(outcome.row);
}

export function registerSocial(app: Hono<AppEnv>): void {
  register(app, 'social.platforms', async ({ c }) =>
    (await c.get('deps').database.db.select().from(socialPlatforms).orderBy(asc(socialPlatforms.seq))).map(toPlatform),
  );
  register(app, 'social.connect', ({ params, c }) => setConnected(c, params.id, true));
  register(app, 'social.disconnect', async ({ params, c }) => {
    // Disconnecting forgets the platform's tokens on this server too.
    if (isOAuthPlatform(params.id)) await c.get('deps').social.oauth.disconnect(params.id);
    return setConnected(c, params.id, false);
  });
  register(app, 'social.post', ({ params, body, c, idempotencyKey }) =>
    publishTo(c, params.platform, body, idempotencyKey),
  );
  register(app, 'social.tiktokPost', ({ body, c, idempotencyKey }) => publishTo(c, 'tiktok', body, idempotencyKey));
  register(app, 'social.instagramPost', ({ body, c, idempotencyKey }) =>
    publishTo(c, 'instagram', body, idempotencyKey),
  );

  register(app, 'social.oauthStart', async ({ params, c }) => {
    try {
      return await c
        .get('deps')
        .social.oauth.start(params.platform, `${publicOrigin(c)}/api/oauth/${params.platform}/callback`);
    } catch (error) {
      if (error instanceof PlatformError) throw platformHttpError(error);
      throw error;
    }
  });
  // The platform sends the popup here (outside the bearer auth: the state is the proof); the code never leaves the server.
  app.get('/api/oauth/:platform/callback', async (c) => {
    const state = c.req.query('state') ?? '';
    const result = await c.get('deps').social.oauth.complete(state, c.req.query('code'), c.req.query('error'));
    const target = new URLSearchParams({
      provider: result.platform ?? c.req.param('platform'),
      state,
      status: result.ok ? 'success' : 'error',
    });
    c.header('Cache-Control', 'no-store');
    return c.redirect(`/auth/callback.html?${target}`, 302);
  });
  register(app, 'social.tokens', ({ c }) => c.get('deps').social.oauth.statuses());
  register(app, 'social.publications', async ({ c }) =>
    (await c.get('deps').social.publisher.list()).map((r) => toPublication(r.result, r.media)),
  );
  register(app, 'social.retry', async ({ params, c }) => {
    const outcome = await c.get('deps').social.publisher.retryFailed(params.id);
    if (!outcome.queued && outcome.reason === 'missing') throw notFound('Veröffentlichung');
    if (!outcome.queued)
      throw new HttpError(
        409,
        outcome.row?.status === 'published'
          ? 'Dieser Post ist auf der Plattform bereits veröffentlicht.'
          : 'Dieser Post wird bereits erneut gesendet.',
        'not_failed',
      );
    return toPublication(outcome.row);
  });

  register(app, 'social.templates', async ({ c }) =>
    c
      .get('deps')
      .database.db.select({ id: postTemplates.id, name: postTemplates.name, content: postTemplates.content })
      .from(postTemplates)
      .orderBy(asc(postTemplates.seq)),
  );
  register(app, 'social.updateTemplate', async ({ params, body, c }) => {
    const { database, events } = c.get('deps');
    const [row] = await database.db
      .update(postTemplates)
      .set({ name: body.name, content: body.content })
      .where(eq(postTemplates.id, params.id))
      .returning();
    if (!row) throw notFound('Vorlage');
    await events.publish({ topic: 'social', action: 'updated', id: row.id });
    return { id: row.id, name: row.name, content: row.content };
  });

  register(app, 'social.scheduled', async ({ c }) =>
    (
      await c
        .get('deps')
        .database.db.select()
        .from(scheduledPosts)
        .orderBy(asc(scheduledPosts.time), asc(scheduledPosts.seq))
    ).map(toScheduled),
  );
  register(app, 'social.updateScheduled', async ({ params, body, c }) => {
    const { database, events } = c.get('deps');
    const row = await database.db.transaction(async (tx) => {
      // The publication's row is held until the edit commits: the worker's claim of it waits, and sees the new time.
      const [result] = await tx
        .select()
        .from(socialPostResults)
        .where(eq(socialPostResults.id, params.id))
        .for('update');
      if (result && result.status !== 'scheduled') throw notScheduledAnyMore(result.status);
      const at = result ? parseZoned(body.time, result.timeZone ?? undefined) : undefined;
      if (result && !at)
        throw new HttpError(
          400,
          'Der geplante Zeitpunkt braucht eine Zeitzone (z. B. 2026-11-24T08:00+01:00).',
          'validation',
        );
      const [updated] = await tx
        .update(scheduledPosts)
        .set({
          title: body.title,
          platform: body.platform,
          time: body.time,
          // A post the queue publishes has the queue's status; the console's copy of it may be stale.
          ...(result ? {} : { status: body.status }),
          content: body.content ?? null,
        })
        .where(eq(scheduledPosts.id, params.id))
        .returning();
      if (!updated) throw notFound('Geplanter Post');
      if (result && at) {
        await tx
          .update(socialPostResults)
          .set({ scheduledAt: at, content: body.content ?? result.content, platform: body.platform })
          .where(eq(socialPostResults.id, result.id));
        // A post the queue still waits for moves with its new time (its job keeps its key: it runs once); a job a
        // worker holds already is being sent with the old text, and the edit must not pretend otherwise.
        const key = `social-post:${result.id}`;
        if (!(await reschedule(tx, key, at))) {
          const state = await jobState(tx, key);
          if (state && !state.done && !state.failed) throw notScheduledAnyMore('publishing');
          // Its own job has ended (a Retry under way waits in a job of its own): there is no time left to move.
          if (state) throw notScheduledAnyMore('ended');
          await enqueue(tx, {
            kind: PUBLISH_JOB,
            payload: { resultId: result.id, mediaType: null },
            runAt: at,
            uniqueKey: key,
          });
        }
      }
      return updated;
    });
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
      return {
        platform: p.id,
        reach: Number(stored?.reach ?? 0),
        engagement: Math.round(Number(stored?.engagement ?? 0) * 10) / 10,
      };
    });
    const followers = platforms.reduce((s, p) => s + p.followers, 0);
    const postCount = platforms.reduce((s, p) => s + p.posts, 0);
    const reach = perPlatform.reduce((s, p) => s + p.reach, 0);
    return {
      stats: [
        {
          id: 'followers',
          title: 'Follower gesamt',
          value: followers.toLocaleString('de-DE'),
          description: `${platforms.filter((p) => p.connected).length} verbundene Plattformen`,
        },
        {
          id: 'posts',
          title: 'Posts gesamt',
          value: postCount.toLocaleString('de-DE'),
          description: 'über alle Plattformen',
        },
        {
          id: 'reach',
          title: 'Reichweite',
          value: reach.toLocaleString('de-DE'),
          description: 'Aufrufe veröffentlichter Posts',
        },
        { id: 'scheduled', title: 'Geplant', value: String(scheduled), description: 'anstehende Posts' },
      ],
      perPlatform,
    };
  });
}
