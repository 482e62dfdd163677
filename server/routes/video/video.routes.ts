// Video Studio: the providers, stored avatars and projects; generating needs a provider adapter (issue 14): 503.
import { asc, desc, eq } from 'drizzle-orm';
import type { Hono } from 'hono';
import { VIDEO_PROVIDERS, type Avatar, type VideoProject, type VideoProvider } from '../../../src/contract';
import type { AppEnv } from '../../context';
import { avatars, videoProjects } from '../../db/schema';
import { HttpError, notConfigured, notFound } from '../../errors';
import { register } from '../../operation';

export const VIDEO_PLATFORMS: Record<VideoProvider, { name: string; description: string }> = {
  tavus: { name: 'Tavus', description: 'Personalisierte KI-Avatare mit eigener Stimme' },
  vidau: { name: 'VidAU', description: 'Schnelle Kurzvideos für Social Media' },
  modelslab: { name: 'ModelsLab', description: 'Text-zu-Video mit offenen Modellen' },
  heygen: { name: 'HeyGen', description: 'Sprechende Avatare in vielen Sprachen' },
  did: { name: 'D-ID', description: 'Fotorealistische Sprecher aus einem Bild' },
};

const toAvatar = (row: typeof avatars.$inferSelect): Avatar => ({ id: row.id, name: row.name, preview: row.preview, voice: row.voice, platform: row.platform as VideoProvider });
export const toProject = (row: typeof videoProjects.$inferSelect): VideoProject => ({
  id: row.id, title: row.title, status: row.status as VideoProject['status'], progress: row.progress, avatar: row.avatar,
  platform: row.platform as VideoProvider, duration: row.duration, createdAt: row.createdAt, url: row.url,
});

const generateRefused = (provider?: string) => () => {
  throw notConfigured(provider ? `Der Video-Anbieter ${VIDEO_PLATFORMS[provider as VideoProvider]?.name ?? provider}` : 'Der Video-Anbieter');
};

export function registerVideo(app: Hono<AppEnv>): void {
  register(app, 'video.platforms', () => VIDEO_PROVIDERS.map((id) => ({ id, ...VIDEO_PLATFORMS[id] })));
  register(app, 'video.avatars', async ({ c }) => (await c.get('deps').database.db.select().from(avatars).orderBy(asc(avatars.seq))).map(toAvatar));
  register(app, 'video.providerAvatars', async ({ params, c }) =>
    (await c.get('deps').database.db.select().from(avatars).where(eq(avatars.platform, params.provider)).orderBy(asc(avatars.seq))).map(toAvatar));
  register(app, 'video.projects', async ({ c }) => (await c.get('deps').database.db.select().from(videoProjects).orderBy(desc(videoProjects.createdAt), desc(videoProjects.seq))).map(toProject));

  register(app, 'video.retryProject', async ({ params, c }) => {
    const [row] = await c.get('deps').database.db.select().from(videoProjects).where(eq(videoProjects.id, params.id));
    if (!row) throw notFound('Videoprojekt');
    if (row.status !== 'failed') throw new HttpError(409, 'Nur fehlgeschlagene Projekte können wiederholt werden.', 'invalid_transition');
    throw notConfigured(`Der Video-Anbieter ${VIDEO_PLATFORMS[row.platform as VideoProvider]?.name ?? row.platform}`);
  });

  register(app, 'video.generate', ({ body }) => generateRefused(body.platform)());
  register(app, 'video.providerGenerate', ({ params }) => generateRefused(params.provider)());
  register(app, 'video.tavusCreate', generateRefused('tavus'));
  register(app, 'video.heygenCreate', generateRefused('heygen'));
  register(app, 'video.didCreate', generateRefused('did'));
  register(app, 'video.modelslabGenerate', generateRefused('modelslab'));
  register(app, 'video.vidauCreate', generateRefused('vidau'));

  register(app, 'video.status', async ({ params, c }) => {
    const [row] = await c.get('deps').database.db.select().from(videoProjects).where(eq(videoProjects.id, params.id));
    if (!row || row.platform !== params.provider) throw notFound('Video');
    return { id: row.id, status: row.status as VideoProject['status'], progress: row.progress, ...(row.url ? { url: row.url } : {}) };
  });

  register(app, 'video.download', async ({ params, c }) => {
    const [row] = await c.get('deps').database.db.select().from(videoProjects).where(eq(videoProjects.id, params.id));
    if (!row || row.platform !== params.provider) throw notFound('Video');
    if (row.status !== 'completed' || !row.url) throw new HttpError(409, 'Das Video ist noch nicht fertig.', 'not_ready');
    // The finished file lives where the provider (or the sample) put it.
    return c.redirect(row.url, 302);
  });
}
