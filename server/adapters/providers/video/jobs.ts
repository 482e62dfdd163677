// Avatar video jobs: create at the provider, store project + job, follow the job by polling from PostgreSQL (due rows are
// claimed with FOR UPDATE SKIP LOCKED and a lease), push progress as change events, mark failures in German.
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { VideoGenerateBody, VideoProvider } from '../../../../src/contract';
import type { Deps } from '../../../context';
import { avatars, videoJobs, videoProjects } from '../../../data/db/schema';
import { HttpError, uncertain, UNCERTAIN } from '../../../http/errors';
import { copyProviderVideo } from '../../../pipeline/video-library';
import { addNotification } from '../../../routes/dashboard/dashboard.queries';
import { retryAfterSeconds } from '../provider-call';
import { adapterFor, PROVIDER_NAMES, requireKey, type JobInput } from './adapters';

/**
 * With `mediaDir` a finished job's file is copied into the Media Library (through the SSRF guard, private addresses
 * only with `allowPrivate`), so a story keeps its video when the provider's address expires.
 */
export type JobDeps = Pick<Deps, 'database' | 'events' | 'credentials'> & {
  mediaDir?: string;
  allowPrivate?: boolean;
};

const DEFAULT_POLL_MS = 5000;
/** A job still open after this long is given up (the providers document minutes, not hours). */
const MAX_AGE_MS = 6 * 60 * 60 * 1000;
const LEASE_SECONDS = 120;

export function pollIntervalMs(deps: Pick<Deps, 'credentials'>): number {
  const value = Number(deps.credentials.setting('VIDEO_POLL_INTERVAL_MS'));
  return Number.isFinite(value) && value >= 50 ? value : DEFAULT_POLL_MS;
}

/** A finished video's path on this server; the projects list signs it for the console (<video src> sends no bearer). */
export const videoFilePath = (provider: string, id: string) => `/api/video/${provider}/file/${encodeURIComponent(id)}`;

function formatDuration(seconds: number | undefined): string | undefined {
  if (seconds === undefined || !Number.isFinite(seconds)) return undefined;
  const s = Math.round(seconds);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** Checks the generate body (SPEC §5's message) and finds the avatar's image for providers that animate one. */
async function jobInput(deps: JobDeps, provider: VideoProvider, body: VideoGenerateBody): Promise<JobInput> {
  const avatar = body.avatar?.trim() ?? '';
  const script = body.script?.trim() ?? '';
  if (!script || (!avatar && provider !== 'modelslab'))
    throw new HttpError(400, 'Bitte Avatar und Script auswählen.', 'invalid_body');
  const [stored] = avatar ? await deps.database.db.select().from(avatars).where(eq(avatars.id, avatar)) : [];
  const title =
    body.title?.trim() ||
    `${stored?.name ?? avatar ?? PROVIDER_NAMES[provider]}: ${script.length > 40 ? `${script.slice(0, 40)}…` : script}`;
  return { avatar, script, title, background: body.background, voice: body.voice, sourceImage: stored?.preview };
}

/** POST /video/…/generate: the provider's job is created first; only an accepted job becomes a project. */
export async function createVideoJob(
  deps: JobDeps,
  provider: VideoProvider,
  body: VideoGenerateBody,
  options: { id?: string } = {},
): Promise<typeof videoProjects.$inferSelect> {
  // Without a key every provider is first of all not configured (503); with one, VidAU's missing API answers 501.
  await requireKey(deps.credentials, provider);
  const adapter = adapterFor(provider);
  const input = await jobInput(deps, provider, body);
  const id = options.id ?? `vp-${randomUUID()}`;
  const values = {
    id,
    title: input.title,
    status: 'processing',
    progress: 0,
    avatar: input.avatar,
    platform: provider,
    duration: '0:00',
    createdAt: new Date().toISOString(),
    url: null,
  };
  const { db } = deps.database;
  // A project with an id of its own (a pipeline stage's attempt) is written before the provider is asked: an instance
  // that dies in between, or a second one on the same attempt, finds it and does not order a second video.
  if (options.id) {
    const [reserved] = await db
      .insert(videoProjects)
      .values(values)
      .onConflictDoNothing()
      .returning({ id: videoProjects.id });
    if (!reserved) throw uncertain(`${PROVIDER_NAMES[provider]}: Dieses Video wird bereits in Auftrag gegeben.`);
  }
  let externalId: string;
  try {
    externalId = await adapter.create(input, deps.credentials);
  } catch (error) {
    if (options.id) {
      if (error instanceof HttpError && error.code === UNCERTAIN)
        await db.update(videoProjects).set({ status: 'failed', error: error.message }).where(eq(videoProjects.id, id));
      else await db.delete(videoProjects).where(eq(videoProjects.id, id));
    }
    throw error;
  }
  const row = await db.transaction(async (tx) => {
    const [project] = options.id
      ? await tx.select().from(videoProjects).where(eq(videoProjects.id, id))
      : await tx.insert(videoProjects).values(values).returning();
    await tx
      .insert(videoJobs)
      .values({ projectId: id, provider, externalId, input, nextPollAt: new Date(Date.now() + pollIntervalMs(deps)) });
    return project;
  });
  await deps.events.publish({ topic: 'video', action: 'created', id });
  return row;
}

/** POST /video/projects/{id}/retry: a failed project's job is made again from its stored input. */
export async function retryVideoJob(
  deps: JobDeps,
  project: typeof videoProjects.$inferSelect,
): Promise<typeof videoProjects.$inferSelect> {
  const provider = project.platform as VideoProvider;
  await requireKey(deps.credentials, provider);
  const adapter = adapterFor(provider);
  const [job] = await deps.database.db.select().from(videoJobs).where(eq(videoJobs.projectId, project.id));
  // No job: an order cut off before the provider confirmed it (its reason is the project's) or no stored script.
  if (!job)
    throw new HttpError(
      409,
      project.error
        ? `Retry geht hier nicht: ${project.error}`
        : 'Für dieses Projekt ist kein Script gespeichert – bitte das Video neu erstellen.',
      'no_input',
    );
  const externalId = await adapter.create(job.input as JobInput, deps.credentials);
  const row = await deps.database.db.transaction(async (tx) => {
    await tx
      .update(videoJobs)
      .set({
        externalId,
        state: 'following',
        polls: 0,
        error: null,
        resultUrl: null,
        leaseUntil: null,
        createdAt: new Date(),
        nextPollAt: new Date(Date.now() + pollIntervalMs(deps)),
      })
      .where(eq(videoJobs.projectId, project.id));
    const [updated] = await tx
      .update(videoProjects)
      .set({ status: 'processing', progress: 0, url: null })
      .where(eq(videoProjects.id, project.id))
      .returning();
    return updated;
  });
  await deps.events.publish({ topic: 'video', action: 'updated', id: project.id });
  return row;
}

interface Claimed {
  project_id: string;
  provider: string;
  external_id: string;
  polls: number;
  created_at: string | Date;
}

/** Claims the due jobs for this instance: a second instance skips the locked rows, and a crashed one's lease runs out. */
async function claimDue(deps: JobDeps, limit: number): Promise<Claimed[]> {
  const result = await deps.database.db.execute(sql`
    UPDATE video_jobs SET lease_until = now() + make_interval(secs => ${LEASE_SECONDS})
    WHERE project_id IN (
      SELECT project_id FROM video_jobs
      WHERE state = 'following' AND next_poll_at <= now() AND (lease_until IS NULL OR lease_until < now())
      ORDER BY next_poll_at LIMIT ${limit}
      FOR UPDATE SKIP LOCKED)
    RETURNING project_id, provider, external_id, polls, created_at`);
  return (result as unknown as { rows: Claimed[] }).rows;
}

async function fail(deps: JobDeps, projectId: string, message: string): Promise<void> {
  const { db } = deps.database;
  await db
    .update(videoJobs)
    .set({ state: 'failed', error: message, leaseUntil: null })
    .where(eq(videoJobs.projectId, projectId));
  const [project] = await db
    .update(videoProjects)
    .set({ status: 'failed' })
    .where(eq(videoProjects.id, projectId))
    .returning();
  await addNotification(db, `Video „${project?.title ?? projectId}“ fehlgeschlagen: ${message}`, 'info');
  await deps.events.publish({ topic: 'video', action: 'updated', id: projectId });
}

/** The finished file into the Media Library; the provider's link stays either way, a failed copy is told, not fatal. */
async function keepCopy(deps: JobDeps, projectId: string, providerName: string, url: string): Promise<void> {
  if (!deps.mediaDir) return;
  const { db } = deps.database;
  const [project] = await db
    .select({ title: videoProjects.title })
    .from(videoProjects)
    .where(eq(videoProjects.id, projectId));
  const title = project?.title ?? projectId;
  try {
    await copyProviderVideo(
      {
        database: deps.database,
        events: deps.events,
        mediaDir: deps.mediaDir,
        allowPrivate: deps.allowPrivate ?? false,
      },
      { projectId, title, url, providerName },
    );
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    console.error(`[video] Kopie von „${title}“ in die Mediathek fehlgeschlagen: ${reason}`);
    await addNotification(
      db,
      `Video „${title}“ ist fertig, aber nicht in der Mediathek gesichert: ${reason} Der Link des Anbieters bleibt.`,
      'info',
    ).catch(() => undefined);
  }
}

/** One round: every due job asks its provider once. Returns how many jobs were asked. */
export async function pollDueVideoJobs(deps: JobDeps, limit = 10): Promise<number> {
  const { db } = deps.database;
  const interval = pollIntervalMs(deps);
  const claimed = await claimDue(deps, limit);
  for (const job of claimed) {
    const provider = job.provider as VideoProvider;
    const name = PROVIDER_NAMES[provider] ?? provider;
    const polls = job.polls + 1;
    try {
      if (Date.now() - new Date(job.created_at).getTime() > MAX_AGE_MS) {
        await fail(deps, job.project_id, `${name} hat das Video nach 6 Stunden nicht fertiggestellt.`);
        continue;
      }
      const state = await adapterFor(provider).status(job.external_id, deps.credentials);
      if (state.state === 'completed' && state.url) {
        await db
          .update(videoJobs)
          .set({ state: 'done', polls, resultUrl: state.url, leaseUntil: null })
          .where(eq(videoJobs.projectId, job.project_id));
        const duration = formatDuration(state.durationSeconds);
        await db
          .update(videoProjects)
          .set({
            status: 'completed',
            progress: 100,
            url: videoFilePath(provider, job.project_id),
            ...(duration ? { duration } : {}),
          })
          .where(eq(videoProjects.id, job.project_id));
        await deps.events.publish({ topic: 'video', action: 'updated', id: job.project_id });
        await keepCopy(deps, job.project_id, name, state.url);
      } else if (state.state === 'completed') {
        await fail(deps, job.project_id, `${name} meldet das Video als fertig, aber ohne Adresse der Datei.`);
      } else if (state.state === 'failed') {
        await fail(
          deps,
          job.project_id,
          `${name} meldet einen Fehler bei der Erstellung: ${state.error ?? 'unbekannter Fehler'}`,
        );
      } else {
        // Providers without a progress figure: an estimate that moves with each poll and stays below 100 until done.
        const progress = Math.max(1, Math.min(95, state.progress ?? Math.min(90, polls * 15)));
        await db
          .update(videoJobs)
          .set({ polls, leaseUntil: null, nextPollAt: new Date(Date.now() + interval) })
          .where(eq(videoJobs.projectId, job.project_id));
        const [before] = await db
          .select({ progress: videoProjects.progress })
          .from(videoProjects)
          .where(eq(videoProjects.id, job.project_id));
        if (before && before.progress !== progress) {
          await db.update(videoProjects).set({ progress }).where(eq(videoProjects.id, job.project_id));
          await deps.events.publish({ topic: 'video', action: 'updated', id: job.project_id });
        }
      }
    } catch (error) {
      if (error instanceof HttpError && (error.status === 429 || error.status >= 500)) {
        // Rate limit, outage or a key that went missing: ask again later (Retry-After when the provider gave one).
        const wait =
          error.status === 429
            ? (retryAfterSeconds(error.headers?.['Retry-After'] ?? null) ?? 30) * 1000
            : Math.min(5 * 60_000, interval * 2 ** Math.min(polls, 6));
        await db
          .update(videoJobs)
          .set({ polls, leaseUntil: null, error: error.message, nextPollAt: new Date(Date.now() + wait) })
          .where(eq(videoJobs.projectId, job.project_id));
      } else {
        await fail(
          deps,
          job.project_id,
          error instanceof HttpError ? error.message : `${name}: ${(error as Error).message}`,
        );
      }
    }
  }
  return claimed.length;
}

/** Follows open jobs until stopped; the state is in PostgreSQL, so a restart picks up where the last run left off. */
export function startVideoPoller(deps: JobDeps): { stop(): Promise<void> } {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<unknown> = Promise.resolve();
  const tick = () => {
    running = pollDueVideoJobs(deps)
      .catch((error: unknown) =>
        console.error('[video] Abfrage der Video-Aufträge fehlgeschlagen:', (error as Error).message),
      )
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, pollIntervalMs(deps));
      });
  };
  timer = setTimeout(tick, Math.min(1000, pollIntervalMs(deps)));
  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
