// Publishing a post to one platform and recording its result (one row per platform of a post); used by the
// immediate /social/post/* calls and by the job queue for scheduled posts.
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { media, scheduledPosts, socialPlatforms, socialPostMedia, socialPostResults } from '../../db/schema';
import type { EventHub } from '../../events';
import { enqueue, RetryLater, type Job } from '../../jobs/queue';
import type { Credentials } from '../credentials';
import { ADAPTERS, type PostInput } from './adapters';
import { DEFAULT_RETRY, PlatformError, type PlatformId, type RetryPolicy } from './http';
import type { TokenStore } from './token-store';

export const PUBLISH_JOB = 'social.publish';

export type ResultRow = typeof socialPostResults.$inferSelect;

export interface PublisherOptions {
  retry?: RetryPolicy;
  pollMs?: number;
  pollAttempts?: number;
  /** Where the Media Library keeps its files: an attached upload is read from there (YouTube uploads the bytes). */
  mediaDir?: string;
  /** Media addresses may name private hosts (NEWSDESK_FETCH_PRIVATE). */
  allowPrivate?: boolean;
}

/** The outcome of a Retry request: queued (the one caller that moved it out of 'failed'), or why not. */
export type RetryOutcome = { queued: true; row: ResultRow } | { queued: false; reason: 'missing' | 'not_failed'; row?: ResultRow };

export class SocialPublisher {
  readonly retry: RetryPolicy;
  constructor(
    private readonly database: Database,
    private readonly events: EventHub,
    private readonly credentials: Credentials,
    readonly tokens: TokenStore,
    private readonly options: PublisherOptions = {},
  ) {
    this.retry = options.retry ?? DEFAULT_RETRY;
  }

  private context(retry: RetryPolicy) {
    return { credentials: this.credentials, tokens: this.tokens, retry, pollMs: this.options.pollMs ?? 2000, pollAttempts: this.options.pollAttempts ?? 10, allowPrivate: this.options.allowPrivate ?? false };
  }

  /** Records a post for a platform; a scheduled one also gets its job (and a row in the Schedule list). */
  async record(platform: PlatformId, input: PostInput & { postId?: string; mediaId?: string; scheduledAt?: Date; time?: string; timeZone?: string }): Promise<ResultRow> {
    const { db } = this.database;
    const id = `sp-${randomUUID()}`;
    const [row] = await db.insert(socialPostResults).values({
      id, postId: input.postId ?? id, platform, status: input.scheduledAt ? 'scheduled' : 'pending', content: input.content, title: input.title ?? null,
      mediaUrl: input.mediaUrl ?? null, scheduledAt: input.scheduledAt ?? null, timeZone: input.timeZone ?? null,
    }).returning();
    if (input.mediaType && (input.mediaUrl || input.mediaId)) await db.insert(socialPostMedia).values({ resultId: id, mediaId: input.mediaId ?? null, mediaType: input.mediaType });
    if (input.scheduledAt) {
      await db.insert(scheduledPosts).values({ id, title: input.title?.trim() || input.content.slice(0, 40), platform, time: input.time ?? input.scheduledAt.toISOString(), status: 'scheduled', content: input.content });
      await enqueue(db, { kind: PUBLISH_JOB, payload: { resultId: id, mediaType: input.mediaType ?? null }, runAt: input.scheduledAt, uniqueKey: `social-post:${id}` });
      await this.events.publish({ topic: 'social', action: 'created', id });
    }
    return row;
  }

  /**
   * Publishes a recorded result once: a result already published is left alone; a result found mid-publish after a
   * crash is not sent again blindly (the platform may have it) but marked failed for the operator to check and retry.
   */
  async publish(resultId: string, options: { mediaType?: 'photo' | 'video'; takenOver?: boolean; retry?: RetryPolicy } = {}): Promise<ResultRow> {
    const { db } = this.database;
    // The status moves to 'publishing' in one statement: of two callers only one gets the row.
    const claimed = await db.update(socialPostResults).set({ status: 'publishing', error: null })
      .where(sql`${socialPostResults.id} = ${resultId} AND ${socialPostResults.status} IN ('scheduled', 'failed', 'pending')`).returning();
    const row = claimed[0];
    if (!row) {
      const [current] = await db.select().from(socialPostResults).where(eq(socialPostResults.id, resultId));
      if (!current) throw new Error(`Ergebnis ${resultId} fehlt.`);
      if (current.status === 'publishing' && options.takenOver) {
        return this.fail(current, 'Die Veröffentlichung wurde unterbrochen (Server-Neustart) – bitte auf der Plattform prüfen und bei Bedarf erneut senden.');
      }
      // Published already, or being published by another worker right now.
      return current;
    }
    try {
      const attached = await this.attachment(row.id);
      const { remoteId } = await ADAPTERS[row.platform as PlatformId](this.context(options.retry ?? this.retry), {
        content: row.content, title: row.title ?? undefined, mediaUrl: row.mediaUrl ?? undefined, mediaType: attached?.mediaType ?? options.mediaType, mediaFile: attached?.file,
      });
      const [done] = await db.update(socialPostResults).set({ status: 'published', remoteId, publishedAt: new Date(), error: null }).where(eq(socialPostResults.id, row.id)).returning();
      await db.update(scheduledPosts).set({ status: 'published' }).where(eq(scheduledPosts.id, row.id));
      await db.update(socialPlatforms).set({ posts: sql`${socialPlatforms.posts} + 1` }).where(eq(socialPlatforms.id, row.platform));
      await this.events.publish({ topic: 'social', action: 'updated', id: row.id });
      return done;
    } catch (error) {
      if (error instanceof PlatformError && error.kind === 'revoked') await this.tokens.markRevoked(row.platform);
      const message = error instanceof Error ? error.message : String(error);
      return this.fail(row, message, error);
    }
  }

  /** The stored medium of a result: its type, and the local file of a Media Library upload (when this server has it). */
  private async attachment(resultId: string): Promise<{ mediaType: 'photo' | 'video'; file?: { path: string; type: string } } | undefined> {
    const { db } = this.database;
    const [link] = await db.select().from(socialPostMedia).where(eq(socialPostMedia.resultId, resultId));
    if (!link) return undefined;
    const mediaType = link.mediaType === 'photo' ? 'photo' : 'video';
    if (!link.mediaId || !this.options.mediaDir) return { mediaType };
    const [stored] = await db.select().from(media).where(eq(media.id, link.mediaId));
    if (!stored?.fileName) return { mediaType };
    return { mediaType, file: { path: path.join(this.options.mediaDir, stored.fileName), type: stored.mime ?? (mediaType === 'video' ? 'video/mp4' : 'image/jpeg') } };
  }

  /** The latest results (newest first), with the medium each one carries. */
  async list(limit = 50) {
    const { db } = this.database;
    return db.select({ result: socialPostResults, media: socialPostMedia }).from(socialPostResults)
      .leftJoin(socialPostMedia, eq(socialPostMedia.resultId, socialPostResults.id))
      .orderBy(desc(socialPostResults.seq)).limit(limit);
  }

  /**
   * Retry of a failed result: one statement moves it from 'failed' to 'pending', so of two callers (or two server
   * instances) only one queues the job; the job queue then runs it once. Published platforms of the post are untouched.
   */
  async retryFailed(resultId: string): Promise<RetryOutcome> {
    const { db } = this.database;
    const [row] = await db.update(socialPostResults).set({ status: 'pending', error: null })
      .where(sql`${socialPostResults.id} = ${resultId} AND ${socialPostResults.status} = 'failed'`).returning();
    if (!row) {
      const [current] = await db.select().from(socialPostResults).where(eq(socialPostResults.id, resultId));
      return { queued: false, reason: current ? 'not_failed' : 'missing', row: current };
    }
    await enqueue(db, { kind: PUBLISH_JOB, payload: { resultId, mediaType: null }, runAt: new Date(), uniqueKey: `social-retry:${resultId}:${randomUUID()}` });
    await this.events.publish({ topic: 'social', action: 'updated', id: resultId });
    return { queued: true, row };
  }

  private async fail(row: ResultRow, message: string, cause?: unknown): Promise<never> {
    const { db } = this.database;
    const failed = await db.update(socialPostResults).set({ status: 'failed', error: message }).where(eq(socialPostResults.id, row.id)).returning();
    await db.update(scheduledPosts).set({ status: 'failed' }).where(eq(scheduledPosts.id, row.id));
    await this.events.publish({ topic: 'social', action: 'updated', id: row.id });
    throw Object.assign(cause instanceof PlatformError ? cause : new PlatformError(message, 'rejected'), { result: failed[0] });
  }

  /** The job handler of a scheduled post: retryable failures come back later (SPEC §8 delays), others stay failed. */
  async runJob(job: Job): Promise<void> {
    const { resultId, mediaType } = job.payload as { resultId: string; mediaType?: 'photo' | 'video' | null };
    try {
      // Within a job the queue does the waiting: no retries inside one run.
      await this.publish(resultId, { mediaType: mediaType ?? undefined, takenOver: job.takenOver, retry: { ...this.retry, retries: 0 } });
    } catch (error) {
      if (error instanceof PlatformError && error.retryable && job.attempts < job.maxAttempts) {
        await this.database.db.update(socialPostResults).set({ status: 'scheduled' }).where(eq(socialPostResults.id, resultId));
        await this.database.db.update(scheduledPosts).set({ status: 'scheduled' }).where(eq(scheduledPosts.id, resultId));
        throw new RetryLater(error.message, Math.max(this.retry.baseDelayMs * this.retry.multiplier ** (job.attempts - 1), error.retryAfterMs ?? 0));
      }
      if (!(error instanceof PlatformError)) throw error;
      // A final failure is recorded on the result; the job itself is done.
    }
  }
}
