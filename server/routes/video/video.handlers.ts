// Video Studio: the providers, avatars (the provider's own list when its key is set), projects, and avatar video jobs
// created at the provider and followed by the poller; finished videos are streamed from the provider. The
// sixth platform, local, renders on the desk (pipeline/studio-render.ts); its projects play their Media Library file.
import { asc, desc, eq } from 'drizzle-orm';
import type { Context, Hono } from 'hono';
import {
  VIDEO_PLATFORM_IDS,
  type Avatar,
  type VideoCreateBody,
  type VideoPlatformId,
  type VideoProject,
  type VideoProvider,
} from '../../../src/contract';
import type { AppEnv } from '../../context';
import { avatars, videoJobs, videoProjects } from '../../data/db/schema';
import { HttpError, notFound } from '../../http/errors';
import { register } from '../../http/operation';
import { requireSigned } from '../../http/signing';
import { adapterFor } from '../../adapters/providers/video/adapters';
import { createVideoJob, retryVideoJob } from '../../adapters/providers/video/jobs';
import { createLocalVideo, retryLocalVideo } from '../../pipeline/studio-render';
import { toAvatar, toProject } from './video.queries';

export const VIDEO_PLATFORMS: Record<VideoPlatformId, { name: string; description: string }> = {
  tavus: { name: 'Tavus', description: 'Personalisierte KI-Avatare mit eigener Stimme' },
  vidau: { name: 'VidAU', description: 'Schnelle Kurzvideos für Social Media' },
  modelslab: { name: 'ModelsLab', description: 'Text-zu-Video mit offenen Modellen' },
  heygen: { name: 'HeyGen', description: 'Sprechende Avatare in vielen Sprachen' },
  did: { name: 'D-ID', description: 'Fotorealistische Sprecher aus einem Bild' },
  local: {
    name: 'Lokal (ohne Anbieter)',
    description: 'Sprecherstimme und Untertitel, gerendert auf dem eigenen Server – ohne Avatar',
  },
};

const originOf = (c: Context<AppEnv>) => new URL(c.req.url).origin;

/** The avatars of a provider: its own list when its key is set, else the stored ones. */
async function providerAvatars(c: Context<AppEnv>, provider: 'tavus' | 'heygen'): Promise<Avatar[]> {
  const { credentials, database } = c.get('deps');
  const list = adapterFor(provider).avatars;
  if (list && (await credentials.key(provider))) return list(credentials);
  return (await database.db.select().from(avatars).where(eq(avatars.platform, provider)).orderBy(asc(avatars.seq))).map(
    toAvatar,
  );
}

/** Streams a finished job's file from the provider's result address, passing a byte range through so players can seek. */
async function streamResult(c: Context<AppEnv>, provider: string, id: string): Promise<Response> {
  const { database } = c.get('deps');
  const [row] = await database.db.select().from(videoProjects).where(eq(videoProjects.id, id));
  if (!row || row.platform !== provider) throw notFound('Video');
  if (row.status !== 'completed' || !row.url) throw new HttpError(409, 'Das Video ist noch nicht fertig.', 'not_ready');
  const [job] = await database.db.select().from(videoJobs).where(eq(videoJobs.projectId, id));
  // A project without a provider job (sample data) lives where its url points.
  if (!job?.resultUrl) return c.redirect(row.url, 302);
  const range = c.req.header('range');
  let upstream: Response;
  try {
    upstream = await fetch(job.resultUrl, {
      headers: range ? { Range: range } : {},
      signal: AbortSignal.timeout(60_000),
    });
  } catch {
    throw new HttpError(502, 'Das Video konnte beim Anbieter nicht geladen werden.', 'provider_unreachable');
  }
  if (upstream.status === 416)
    return new Response(null, {
      status: 416,
      headers: { 'Content-Range': upstream.headers.get('content-range') ?? '' },
    });
  if (!upstream.ok || !upstream.body) {
    await upstream.body?.cancel();
    throw new HttpError(
      502,
      `Das Video konnte beim Anbieter nicht geladen werden (HTTP ${upstream.status}).`,
      'provider_unavailable',
    );
  }
  const headers = new Headers({
    'Content-Type': upstream.headers.get('content-type') ?? 'video/mp4',
    'Accept-Ranges': 'bytes',
    'Cache-Control': 'private, max-age=3600',
    'Content-Security-Policy': "default-src 'none'; sandbox",
    'Content-Disposition': `inline; filename="${id}.mp4"`,
  });
  for (const name of ['content-length', 'content-range']) {
    const value = upstream.headers.get(name);
    if (value) headers.set(name, value);
  }
  return new Response(c.req.method === 'HEAD' ? null : upstream.body, { status: upstream.status, headers });
}

async function serveSignedVideo(c: Context<AppEnv>): Promise<Response> {
  const id = c.req.param('id') ?? '';
  requireSigned(c.get('deps').signer, 'video', id, (name) => c.req.query(name), 'dieses Videos');
  return streamResult(c, c.req.param('provider') ?? '', id);
}

export function registerVideo(app: Hono<AppEnv>): void {
  register(app, 'video.platforms', () => VIDEO_PLATFORM_IDS.map((id) => ({ id, ...VIDEO_PLATFORMS[id] })));
  register(app, 'video.avatars', async ({ c }) =>
    (await c.get('deps').database.db.select().from(avatars).orderBy(asc(avatars.seq))).map(toAvatar),
  );
  register(app, 'video.providerAvatars', async ({ params, c }) => providerAvatars(c, params.provider));
  register(app, 'video.projects', async ({ c }) =>
    (
      await c
        .get('deps')
        .database.db.select()
        .from(videoProjects)
        .orderBy(desc(videoProjects.createdAt), desc(videoProjects.seq))
    ).map((row) => toProject(row, originOf(c), c.get('deps').signer)),
  );

  /** A failed project started again; with `provider` (its create route's Retry) it must be that provider's. */
  const retry = async (c: Context<AppEnv>, id: string, provider?: VideoProvider) => {
    const [row] = await c.get('deps').database.db.select().from(videoProjects).where(eq(videoProjects.id, id));
    if (!row || (provider && row.platform !== provider)) throw notFound('Videoprojekt');
    if (row.status !== 'failed')
      throw new HttpError(409, 'Nur fehlgeschlagene Projekte können wiederholt werden.', 'invalid_transition');
    if (row.platform === 'local')
      return toProject(await retryLocalVideo(c.get('deps'), row), originOf(c), c.get('deps').signer);
    return toProject(await retryVideoJob(c.get('deps'), row), originOf(c));
  };
  register(app, 'video.retryProject', ({ params, c }) => retry(c, params.id));

  const generate = async (c: Context<AppEnv>, provider: VideoProvider, body: Parameters<typeof createVideoJob>[2]) =>
    toProject(await createVideoJob(c.get('deps'), provider, body), originOf(c));
  register(app, 'video.generate', ({ body, c }) => {
    if (!body.platform) throw new HttpError(400, 'Bitte eine Video-Plattform wählen.', 'invalid_body');
    if (body.platform === 'local')
      return createLocalVideo(c.get('deps'), body).then((row) => toProject(row, originOf(c), c.get('deps').signer));
    return generate(c, body.platform, body);
  });
  // A provider's create route: a new job, or with `project` a failed project of that provider again (My Projects' Retry).
  const createAt = (c: Context<AppEnv>, provider: VideoProvider, body: VideoCreateBody) =>
    body.project === undefined ? generate(c, provider, body) : retry(c, body.project, provider);
  // Before /video/{provider}/generate: /video/modelslab/generate is both, and the create route answers it.
  register(app, 'video.tavusCreate', ({ body, c }) => createAt(c, 'tavus', body));
  register(app, 'video.heygenCreate', ({ body, c }) => createAt(c, 'heygen', body));
  register(app, 'video.didCreate', ({ body, c }) => createAt(c, 'did', body));
  register(app, 'video.modelslabGenerate', ({ body, c }) => createAt(c, 'modelslab', body));
  register(app, 'video.vidauCreate', ({ body, c }) => createAt(c, 'vidau', body));
  register(app, 'video.providerGenerate', ({ params, body, c }) => generate(c, params.provider, body));

  register(app, 'video.status', async ({ params, c }) => {
    const [row] = await c.get('deps').database.db.select().from(videoProjects).where(eq(videoProjects.id, params.id));
    if (!row || row.platform !== params.provider) throw notFound('Video');
    const url = toProject(row, originOf(c)).url;
    return {
      id: row.id,
      status: row.status as VideoProject['status'],
      progress: row.progress,
      ...(url ? { url } : {}),
    };
  });

  register(app, 'video.download', ({ params, c }) => streamResult(c, params.provider, params.id));
  app.get('/api/video/:provider/file/:id', serveSignedVideo);
}
