// Publishing a post to one platform and recording its result (one row per platform of a post): /social/post/* accepts a
// post (its row, keyed by the request's Idempotency-Key, and its job), the job queue publishes it, now or when scheduled.
import { createHash, randomUUID } from 'node:crypto';
import path from 'node:path';
import { and, desc, eq, not, sql, type SQL } from 'drizzle-orm';
import type { Database, Db } from '../../../data/db/client';
import { media, scheduledPosts, socialPlatforms, socialPostMedia, socialPostResults } from '../../../data/db/schema';
import type { EventHub } from '../../../data/events';
import { mediaFilePath, type UrlSigner } from '../../../http/signing';
import { enqueue, RetryLater, type Job } from '../../../jobs/queue';
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
  /** Signs an uploaded file's address for the platform at each send. */
  signer?: UrlSigner;
  /** The clock of this instance's jobs (tests move it). */
  now?: () => Date;
}

/** A post as recorded for one platform. */
export type RecordInput = PostInput & {
  postId?: string;
  mediaId?: string;
  scheduledAt?: Date;
  time?: string;
  timeZone?: string;
};

/** What `accept` did: a new publication, the one the same key made before, or a refusal of a key sent with another post. */
export type AcceptOutcome = { row: ResultRow; repeated: boolean } | { row: ResultRow; reused: true };

/** The result id of an operator action's key: a repeat of the key — on any instance, after any crash — meets the same row. */
export const resultIdOfKey = (key: string): string =>
  `sp-k-${createHash('sha256').update(key).digest('hex').slice(0, 40)}`;

const rowValues = (id: string, platform: PlatformId, input: RecordInput): typeof socialPostResults.$inferInsert => ({
  id,
  postId: input.postId ?? id,
  platform,
  status: input.scheduledAt ? 'scheduled' : 'pending',
  content: input.content,
  title: input.title ?? null,
  mediaUrl: input.mediaUrl ?? null,
  scheduledAt: input.scheduledAt ?? null,
  timeZone: input.timeZone ?? null,
});

/** A repeat of a key is the same post: same platform, text, title and time (anything else reuses the key for another post). */
const sameRequest = (row: ResultRow, platform: PlatformId, input: RecordInput): boolean =>
  row.platform === platform &&
  row.content === input.content &&
  (row.title ?? null) === (input.title ?? null) &&
  (row.scheduledAt?.getTime() ?? null) === (input.scheduledAt?.getTime() ?? null);

/** The outcome of a Retry request: queued (the one caller that moved it out of 'failed'), or why not. */
export type RetryOutcome =
  { queued: true; row: ResultRow } | { queued: false; reason: 'missing' | 'not_failed'; row?: ResultRow };

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
    return {
      credentials: this.credentials,
      tokens: this.tokens,
      retry,
      pollMs: this.options.pollMs ?? 2000,
      pollAttempts: this.options.pollAttempts ?? 10,
      allowPrivate: this.options.allowPrivate ?? false,
    };
  }

  /**
   * Records a post for a platform; a scheduled one also gets its job (and a row in the Schedule list). With `key` the
   * row's id comes from it: a second record of the same key (a stage run twice at once) gets the first one's row.
   */
  async record(platform: PlatformId, input: RecordInput, key?: string): Promise<ResultRow> {
    const { db } = this.database;
    const id = key === undefined ? `sp-${randomUUID()}` : resultIdOfKey(key);
    const [row] = await db
      .insert(socialPostResults)
      .values(rowValues(id, platform, input))
      .onConflictDoNothing()
      .returning();
    if (!row) {
      const [existing] = await db.select().from(socialPostResults).where(eq(socialPostResults.id, id));
      return existing;
    }
    await this.follow(db, row, input);
    return row;
  }

  /** What a new result carries besides its row: its medium, and when scheduled, its Schedule entry and its job. */
  private async follow(db: Db, row: ResultRow, input: RecordInput): Promise<void> {
    const { id, platform } = row;
    if (input.mediaType && (input.mediaUrl || input.mediaId))
      await db
        .insert(socialPostMedia)
        .values({ resultId: id, mediaId: input.mediaId ?? null, mediaType: input.mediaType });
    if (input.scheduledAt) {
      await db.insert(scheduledPosts).values({
        id,
        title: input.title?.trim() || input.content.slice(0, 40),
        platform,
        time: input.time ?? input.scheduledAt.toISOString(),
        status: 'scheduled',
        content: input.content,
      });
      await enqueue(db, {
        kind: PUBLISH_JOB,
        payload: { resultId: id, mediaType: input.mediaType ?? null },
        runAt: input.scheduledAt,
        uniqueKey: `social-post:${id}`,
      });
      await this.events.publish({ topic: 'social', action: 'created', id });
    }
  }

  /**
   * Accepts an operator's post for a platform: its result row and its job (now, or at its scheduled time) in one
   * transaction, so a post is never half taken. With the request's Idempotency-Key the row's id comes from the key: a
   * repeat finds that row and gets it back as it stands (pending, publishing, published, failed) — never a second row
   * or a second post, whether the first request is still running, was answered, or was lost in a crash. The job queue
   * publishes it (runJob); this instance's worker is woken at once.
   */
  async accept(platform: PlatformId, input: RecordInput, key?: string): Promise<AcceptOutcome> {
    const id = key === undefined ? `sp-${randomUUID()}` : resultIdOfKey(key);
    const outcome = await this.events.afterCommit(() =>
      this.database.db.transaction(async (tx): Promise<AcceptOutcome> => {
        const db = tx as unknown as Db;
        // A concurrent repeat of the key waits here for the first request's commit, then finds its row.
        const [row] = await db
          .insert(socialPostResults)
          .values(rowValues(id, platform, input))
          .onConflictDoNothing()
          .returning();
        if (!row) {
          const [first] = await db.select().from(socialPostResults).where(eq(socialPostResults.id, id));
          return sameRequest(first, platform, input) ? { row: first, repeated: true } : { row: first, reused: true };
        }
        await this.follow(db, row, input);
        if (!input.scheduledAt) {
          await enqueue(db, {
            kind: PUBLISH_JOB,
            payload: { resultId: id, mediaType: input.mediaType ?? null, now: true },
            runAt: this.options.now?.() ?? new Date(),
            uniqueKey: `social-post:${id}`,
          });
          await this.events.publish({ topic: 'social', action: 'created', id });
        }
        return { row, repeated: false };
      }),
    );
    if (!('reused' in outcome) && !outcome.repeated && !input.scheduledAt) this.queued?.();
    return outcome;
  }

  private queued: (() => void) | undefined;

  /** Called after a post was accepted for publishing now (the instance's job worker looks at once instead of at its next poll). */
  onQueued(listener: () => void): void {
    this.queued = listener;
  }

  /**
   * Publishes a recorded result once: a result already published is left alone; a result found mid-publish after a
   * crash is not sent again blindly (the platform may have it) but marked failed for the operator to check and retry.
   */
  async publish(
    resultId: string,
    options: { mediaType?: 'photo' | 'video'; takenOver?: boolean; retry?: RetryPolicy } = {},
  ): Promise<ResultRow> {
    const { db } = this.database;
    // The status moves to 'publishing' in one statement: of two callers only one gets the row.
    const claimed = await db
      .update(socialPostResults)
      .set({ status: 'publishing', error: null })
      .where(
        sql`${socialPostResults.id} = ${resultId} AND (${socialPostResults.status} IN ('scheduled', 'pending') OR (${socialPostResults.status} = 'failed' AND NOT ${socialPostResults.unsure}))`,
      )
      .returning();
    const row = claimed[0];
    // The console shows it as being published from now on (Post Now, AI News, a Retry, a scheduled post alike).
    if (row) await this.events.publish({ topic: 'social', action: 'updated', id: row.id });
    if (!row) {
      const [current] = await db.select().from(socialPostResults).where(eq(socialPostResults.id, resultId));
      if (!current) throw new Error(`Ergebnis ${resultId} fehlt.`);
      if (current.status === 'publishing' && options.takenOver) {
        const message =
          'Die Veröffentlichung wurde unterbrochen (Server-Neustart) – bitte auf der Plattform prüfen und bei Bedarf erneut senden.';
        return this.fail(current, message, new PlatformError(message, 'uncertain'));
      }
      // The platform may have it: only the operator's Retry, after a look there, sends it again.
      if (current.status === 'failed' && current.unsure)
        throw Object.assign(new PlatformError(current.error ?? 'Unklar, ob der Post angekommen ist.', 'uncertain'), {
          result: current,
        });
      // Published already, or being published by another worker right now.
      return current;
    }
    let remoteId: string;
    try {
      const attached = await this.attachment(row.id);
      ({ remoteId } = await ADAPTERS[row.platform as PlatformId](this.context(options.retry ?? this.retry), {
        content: row.content,
        title: row.title ?? undefined,
        mediaUrl: this.pullAddress(row.mediaUrl, attached?.mediaId),
        mediaType: attached?.mediaType ?? options.mediaType,
        mediaFile: attached?.file,
      }));
    } catch (error) {
      if (error instanceof PlatformError && error.kind === 'revoked') await this.tokens.markRevoked(row.platform);
      const message = error instanceof Error ? error.message : String(error);
      return this.fail(row, message, error);
    }
    // The platform has it: a failure to record that is said as such, not as the platform's refusal, so that nobody
    // sends it again without looking first.
    try {
      const [done] = await db
        .update(socialPostResults)
        .set({ status: 'published', remoteId, publishedAt: new Date(), error: null })
        .where(eq(socialPostResults.id, row.id))
        .returning();
      await db.update(scheduledPosts).set({ status: 'published' }).where(eq(scheduledPosts.id, row.id));
      await db
        .update(socialPlatforms)
        .set({ posts: sql`${socialPlatforms.posts} + 1` })
        .where(eq(socialPlatforms.id, row.platform));
      await this.events.publish({ topic: 'social', action: 'updated', id: row.id });
      return done;
    } catch (error) {
      const message = `Die Plattform hat den Post angenommen, das Ergebnis konnte aber nicht gespeichert werden (${error instanceof Error ? error.message : String(error)}) – bitte auf der Plattform prüfen, bevor er erneut gesendet wird.`;
      return this.fail(row, message, new PlatformError(message, 'uncertain'));
    }
  }

  /** The stored medium of a result: its type, and the local file of a Media Library upload (when this server has it). */
  private async attachment(
    resultId: string,
  ): Promise<{ mediaType: 'photo' | 'video'; mediaId?: string; file?: { path: string; type: string } } | undefined> {
    const { db } = this.database;
    const [link] = await db.select().from(socialPostMedia).where(eq(socialPostMedia.resultId, resultId));
    if (!link) return undefined;
    const mediaType = link.mediaType === 'photo' ? 'photo' : 'video';
    if (!link.mediaId) return { mediaType };
    const [stored] = await db.select().from(media).where(eq(media.id, link.mediaId));
    // Deleted from the library since (a failed post's file may go): sent without it, the post would not be the one
    // the operator wrote.
    if (!stored)
      throw new PlatformError(
        'Die Datei dieses Posts ist nicht mehr in der Mediathek – ohne sie wird er nicht gesendet. Bitte den Post mit einer Datei neu anlegen.',
        'rejected',
      );
    // A library item kept by its address only: the platform is given that address.
    if (!stored.fileName) return { mediaType };
    if (!this.options.mediaDir) return { mediaType, mediaId: stored.id };
    return {
      mediaType,
      mediaId: stored.id,
      file: {
        path: path.join(this.options.mediaDir, stored.fileName),
        type: stored.mime ?? (mediaType === 'video' ? 'video/mp4' : 'image/jpeg'),
      },
    };
  }

  /** An uploaded file's address gets a signature for this send, valid long enough for the platform to fetch it. */
  private pullAddress(mediaUrl: string | null, mediaId: string | undefined): string | undefined {
    if (!mediaUrl || !mediaId || !this.options.signer) return mediaUrl ?? undefined;
    const url = new URL(mediaUrl);
    if (url.pathname !== mediaFilePath(mediaId)) return mediaUrl;
    url.search = `?${this.options.signer.platformQuery(mediaId, this.options.now?.().getTime())}`;
    return url.toString();
  }

  /** The latest results (newest first), with the medium each one carries. */
  async list(limit = 50) {
    const { db } = this.database;
    return db
      .select({ result: socialPostResults, media: socialPostMedia })
      .from(socialPostResults)
      .leftJoin(socialPostMedia, eq(socialPostMedia.resultId, socialPostResults.id))
      .orderBy(desc(socialPostResults.seq))
      .limit(limit);
  }

  /**
   * Retry of a failed result: one statement moves it from 'failed' to 'pending', so of two callers (or two server
   * instances) only one queues the job; the job queue then runs it once. Published platforms of the post are untouched.
   */
  async retryFailed(resultId: string): Promise<RetryOutcome> {
    const { db } = this.database;
    const [row] = await db
      .update(socialPostResults)
      .set({ status: 'pending', error: null, unsure: false })
      .where(sql`${socialPostResults.id} = ${resultId} AND ${socialPostResults.status} = 'failed'`)
      .returning();
    if (!row) {
      const [current] = await db.select().from(socialPostResults).where(eq(socialPostResults.id, resultId));
      return { queued: false, reason: current ? 'not_failed' : 'missing', row: current };
    }
    await enqueue(db, {
      kind: PUBLISH_JOB,
      payload: { resultId, mediaType: null },
      runAt: new Date(),
      uniqueKey: `social-retry:${resultId}:${randomUUID()}`,
    });
    await this.events.publish({ topic: 'social', action: 'updated', id: resultId });
    return { queued: true, row };
  }

  /** Marks a result failed with its reason (only if `unless` does not hold), its planned post too, and says so. */
  private async markFailed(
    resultId: string,
    message: string,
    unless?: SQL,
    unsure = false,
  ): Promise<ResultRow | undefined> {
    const { db } = this.database;
    const mine = eq(socialPostResults.id, resultId);
    const [failed] = await db
      .update(socialPostResults)
      .set({ status: 'failed', error: message, unsure })
      .where(unless ? and(mine, not(unless)) : mine)
      .returning();
    if (!failed) return undefined;
    await db.update(scheduledPosts).set({ status: 'failed' }).where(eq(scheduledPosts.id, resultId));
    await this.events.publish({ topic: 'social', action: 'updated', id: resultId });
    return failed;
  }

  private async fail(row: ResultRow, message: string, cause?: unknown): Promise<never> {
    const unsure = cause instanceof PlatformError && cause.kind === 'uncertain';
    const failed = await this.markFailed(row.id, message, undefined, unsure);
    throw Object.assign(cause instanceof PlatformError ? cause : new PlatformError(message, 'rejected'), {
      result: failed,
    });
  }

  /** A post job given up (its instance went down with it each time): a result not yet out fails with the reason. */
  async giveUpJob(job: Job, reason: string): Promise<void> {
    const { resultId } = job.payload as { resultId: string };
    // Given up mid-send, the platform may have it.
    const [current] = await this.database.db
      .select({ status: socialPostResults.status })
      .from(socialPostResults)
      .where(eq(socialPostResults.id, resultId));
    await this.markFailed(
      resultId,
      reason,
      eq(socialPostResults.status, 'published'),
      current?.status === 'publishing',
    );
  }

  /**
   * The job handler of a post. One accepted for now (Post Now) is sent with the SPEC §8 retries within the run, as the
   * request once did, and then stands published or failed. A scheduled one (or a Retry) makes one attempt per run:
   * retryable failures come back later (SPEC §8 delays), others stay failed.
   */
  async runJob(job: Job): Promise<void> {
    const { resultId, mediaType, now } = job.payload as {
      resultId: string;
      mediaType?: 'photo' | 'video' | null;
      now?: boolean;
    };
    if (now) {
      try {
        await this.publish(resultId, { mediaType: mediaType ?? undefined, takenOver: job.takenOver });
      } catch (error) {
        // The failure is recorded on the result with the platform's German reason; the job itself is done.
        if (!(error instanceof PlatformError)) throw error;
      }
      return;
    }
    try {
      // Within a job the queue does the waiting: no retries inside one run.
      await this.publish(resultId, {
        mediaType: mediaType ?? undefined,
        takenOver: job.takenOver,
        retry: { ...this.retry, retries: 0 },
      });
    } catch (error) {
      if (error instanceof PlatformError && error.retryable && job.attempts < job.maxAttempts) {
        // A post that was never scheduled (a Retry of a Post Now) waits as pending, not as a planned post.
        await this.database.db
          .update(socialPostResults)
          .set({ status: sql`CASE WHEN ${socialPostResults.scheduledAt} IS NULL THEN 'pending' ELSE 'scheduled' END` })
          .where(eq(socialPostResults.id, resultId));
        await this.database.db
          .update(scheduledPosts)
          .set({ status: 'scheduled' })
          .where(eq(scheduledPosts.id, resultId));
        throw new RetryLater(
          error.message,
          Math.max(this.retry.baseDelayMs * this.retry.multiplier ** (job.attempts - 1), error.retryAfterMs ?? 0),
        );
      }
      if (!(error instanceof PlatformError)) throw error;
      // A final failure is recorded on the result; the job itself is done.
    }
  }
}
