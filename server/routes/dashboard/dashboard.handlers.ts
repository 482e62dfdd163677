// The dashboard overview, computed from the stored data on every call (no fixed figures).
import { statfs } from 'node:fs/promises';
import os from 'node:os';
import { asc, count, desc, eq, sql, sum } from 'drizzle-orm';
import type { Hono } from 'hono';
import type { N8nClient } from '../../adapters/n8n/n8n-client';
import type { ObsHub } from '../../adapters/obs/obs-instance';
import type { Notification, OverviewData, Platform } from '../../../src/contract';
import type { AppEnv } from '../../context';
import {
  media,
  news,
  notifications,
  pipelineSteps,
  posts,
  runs,
  scheduledPosts,
  videoProjects,
} from '../../data/db/schema';
import { register } from '../../http/operation';
import { listRuns, stepsOf } from '../workflow/workflow.queries';

const NAMES: Record<Platform, string> = {
  youtube: 'YouTube',
  facebook: 'Facebook',
  instagram: 'Instagram',
  tiktok: 'TikTok',
  telegram: 'Telegram',
};
const integer = new Intl.NumberFormat('en-US');
const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });

/** 'gerade eben', 'vor 5 Minuten', 'vor 2 Stunden', 'vor 3 Tagen'. */
export function relativeTime(then: Date, now = new Date()): string {
  const minutes = Math.floor((now.getTime() - then.getTime()) / 60_000);
  if (minutes < 1) return 'gerade eben';
  if (minutes < 60) return minutes === 1 ? 'vor 1 Minute' : `vor ${minutes} Minuten`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return hours === 1 ? 'vor 1 Stunde' : `vor ${hours} Stunden`;
  const days = Math.floor(hours / 24);
  return days === 1 ? 'vor 1 Tag' : `vor ${days} Tagen`;
}

async function storageUsed(dir: string): Promise<number> {
  try {
    const s = await statfs(dir);
    return Math.round((1 - s.bavail / s.blocks) * 100);
  } catch {
    return 0;
  }
}

type StatusRow = OverviewData['systemStatus'][number];

/** The n8n row: not configured, configured but not reachable, reachable without a usable API key, or connected. */
export async function n8nStatus(n8n: N8nClient | undefined): Promise<StatusRow> {
  const row = { id: 'n8n', name: 'n8n Workflow' };
  if (!n8n) return { ...row, status: 'offline', detail: 'Nicht konfiguriert' };
  switch (await n8n.reachability()) {
    case 'ok':
      return { ...row, status: 'online', detail: 'Verbunden' };
    case 'no-key':
      return {
        ...row,
        status: 'degraded',
        detail: 'Verbunden, ohne API-Schlüssel (N8N_API_KEY): keine Logs und kein Retry',
      };
    case 'key-refused':
      return {
        ...row,
        status: 'degraded',
        detail: 'Verbunden, aber n8n lehnt den API-Schlüssel ab (N8N_API_KEY prüfen)',
      };
    default:
      return { ...row, status: 'offline', detail: 'Nicht erreichbar' };
  }
}

/** The OBS row from the server's connections: how many of the configured instances are connected. */
export function obsStatus(hub: ObsHub | undefined): StatusRow {
  const row = { id: 'obs', name: 'OBS WebSocket' };
  const list = hub?.instances ?? [];
  if (list.length === 0) return { ...row, status: 'offline', detail: 'Nicht konfiguriert' };
  const connected = list.filter((i) => i.state === 'connected');
  const names = list
    .map((i) => `${i.name}: ${i.state === 'connected' ? 'verbunden' : (i.lastError?.message ?? 'nicht verbunden')}`)
    .join(' · ');
  const status = connected.length === list.length ? 'online' : connected.length > 0 ? 'degraded' : 'offline';
  return { ...row, status, detail: names };
}

export function registerDashboard(app: Hono<AppEnv>): void {
  register(app, 'dashboard.overview', async ({ c }): Promise<OverviewData> => {
    const { database, mediaDir, n8n, obs, events } = c.get('deps');
    const { db } = database;
    const [
      [{ newsCount }],
      postsByStatus,
      [{ videoCount }],
      [{ processing }],
      [{ scheduled }],
      viewsByPlatform,
      [{ newsViews }],
      [{ mediaViews }],
      steps,
      latest,
    ] = await Promise.all([
      db.select({ newsCount: count() }).from(news),
      db.select({ status: posts.status, n: count() }).from(posts).groupBy(posts.status),
      db.select({ videoCount: count() }).from(videoProjects),
      db.select({ processing: count() }).from(videoProjects).where(eq(videoProjects.status, 'processing')),
      db.select({ scheduled: count() }).from(scheduledPosts).where(eq(scheduledPosts.status, 'scheduled')),
      db
        .select({ platform: posts.platform, views: sum(posts.views) })
        .from(posts)
        .groupBy(posts.platform)
        .orderBy(desc(sql`sum(${posts.views})`)),
      db.select({ newsViews: sum(news.views) }).from(news),
      db.select({ mediaViews: sum(media.views) }).from(media),
      db.select().from(pipelineSteps).orderBy(asc(pipelineSteps.seq)),
      db.select().from(notifications).orderBy(desc(notifications.seq)).limit(5),
    ]);
    // The AI workflow's progress and the running runs come from the n8n runs once there are any.
    const [[latestRun], [{ runningRuns }], n8nRow] = await Promise.all([
      listRuns(db, { limit: 1 }),
      db.select({ runningRuns: count() }).from(runs).where(eq(runs.status, 'running')),
      n8nStatus(n8n),
    ]);
    const streams = (obs?.instances ?? []).filter((i) => i.state === 'connected' && i.streaming).length;
    const byStatus = new Map(postsByStatus.map((p) => [p.status, p.n]));
    const postTotal = postsByStatus.reduce((s, p) => s + p.n, 0);
    const postViews = viewsByPlatform.reduce((s, p) => s + Number(p.views ?? 0), 0);
    const totalViews = postViews + Number(newsViews ?? 0) + Number(mediaViews ?? 0);
    const memory = Math.round((1 - os.freemem() / os.totalmem()) * 100);
    const cpu = Math.min(100, Math.round((os.loadavg()[0] / Math.max(1, os.cpus().length)) * 100));
    const dbName = database.kind === 'pglite' ? 'PGlite (eingebettet)' : 'PostgreSQL';
    return {
      stats: [
        {
          id: 'news',
          title: 'Total News',
          value: integer.format(newsCount),
          description: 'Generierte News insgesamt',
          icon: 'news',
        },
        {
          id: 'live',
          title: 'Live Streams',
          value: String(streams),
          description: obs?.instances.length ? 'Aktive Übertragungen' : 'Aktive Übertragungen (OBS nicht konfiguriert)',
          icon: 'live',
        },
        {
          id: 'views',
          title: 'Total Views',
          value: compact.format(totalViews),
          description: 'Aufrufe auf allen Plattformen',
          icon: 'views',
        },
        {
          id: 'videos',
          title: 'Videos',
          value: integer.format(videoCount),
          description: 'Erstellte KI-Videos',
          icon: 'videos',
        },
        {
          id: 'posts',
          title: 'Posts',
          value: integer.format(postTotal),
          description: `${byStatus.get('published') ?? 0} veröffentlicht · ${byStatus.get('scheduled') ?? 0} geplant · ${byStatus.get('draft') ?? 0} Entwürfe`,
          icon: 'queue',
        },
      ],
      queuedJobs: processing + scheduled + runningRuns,
      notifications: latest.map((n) => ({
        id: n.id,
        message: n.message,
        type: n.type as Notification['type'],
        time: relativeTime(new Date(n.createdAt)),
      })),
      platformViews: viewsByPlatform.map((p) => ({
        platform: NAMES[p.platform as Platform] ?? p.platform,
        views: Number(p.views ?? 0),
      })),
      workflowProgress: (latestRun ? stepsOf(latestRun) : steps).map((s) => ({
        id: s.id,
        name: s.name,
        progress: s.progress,
      })),
      systemStatus: [
        events.listening
          ? { id: 'database', name: 'Datenbank', status: 'online', detail: dbName }
          : {
              id: 'database',
              name: 'Datenbank',
              status: 'degraded',
              detail: `${dbName} – Live-Aktualisierung unterbrochen, wird neu verbunden …`,
            },
        n8nRow,
        obsStatus(obs),
        { id: 'tts', name: 'TTS (ElevenLabs)', status: 'offline', detail: 'Nicht konfiguriert' },
        { id: 'video', name: 'Video-APIs', status: 'offline', detail: 'Nicht konfiguriert' },
      ],
      technicalMonitor: [
        { id: 'cpu', label: 'CPU', value: cpu, unit: '%' },
        { id: 'memory', label: 'Memory', value: memory, unit: '%' },
        { id: 'storage', label: 'Storage', value: await storageUsed(mediaDir), unit: '%' },
      ],
    };
  });
}
