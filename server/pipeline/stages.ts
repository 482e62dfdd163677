// What each stage does on the desk's own engine. A stage answers what it made (artefacts), throws StageSkipped with a
// German reason when it has nothing to do on this desk, or throws an Error whose message Monitoring shows.
import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import type { Run, RunArtefact, RunStageName } from '../../src/contract';
import { media, news, newsTexts, runs, sourceItems } from '../db/schema';
import { addNotification } from '../routes/dashboard/dashboard.routes';
import { formatSize, thumbnailFor } from '../routes/media/media.routes';
import { extractArticle } from '../sources/article';
import { selectItems, type SelectedItem } from '../sources/select';
import { originsOf } from '../sources/store';
import { speakWithFailover } from '../providers/tts';
import { createVideoJob } from '../providers/video/jobs';
import { writeStory } from './story';
import type { EngineDeps, PipelineEngine } from './engine';

export class StageSkipped extends Error {}

export interface StageContext {
  deps: EngineDeps;
  engine: PipelineEngine;
  run: Run;
  signal: AbortSignal;
  allowPrivate: boolean;
  fetch: typeof fetch;
}

export interface StageOutcome {
  artefacts?: Array<{ kind: RunArtefact['kind']; id: string; title: string; url?: string }>;
}

/** Sources read longer ago than this are read again before the Scraper picks. */
const STALE_MS = 10 * 60_000;

async function paramsOf(context: StageContext): Promise<Record<string, unknown>> {
  const [row] = await context.deps.database.db.select({ params: runs.params }).from(runs).where(eq(runs.id, context.run.id));
  return row?.params ?? {};
}
const text = (value: unknown, fallback: string) => (typeof value === 'string' && value.trim() ? value.trim() : fallback);
const artefactsOf = (run: Run, kind: RunArtefact['kind']) => (run.artefacts ?? []).filter((a) => a.kind === kind);

async function scraper(context: StageContext): Promise<StageOutcome> {
  const { db } = context.deps.database;
  const params = await paramsOf(context);
  await context.engine.refreshStale(STALE_MS);
  const topic = text(params.topic, context.run.topic);
  const chosen = await selectItems(db, { topic, category: text(params.category, 'general') });
  if (chosen.length === 0) throw new Error(`Keine aktuelle Meldung zum Thema „${topic}“ gefunden.`);
  // The article's own text is what a story is written from; a page that cannot be read keeps the feed's summary.
  await Promise.all(
    chosen.filter((item) => !item.body).map(async (item) => {
      const article = await extractArticle(item.url, { allowPrivate: context.allowPrivate, timeoutMs: 10_000 }).catch(() => undefined);
      if (article && article.text.length > item.summary.length) await db.update(sourceItems).set({ body: article.text }).where(eq(sourceItems.id, item.id));
    }),
  );
  return { artefacts: chosen.map((item) => ({ kind: 'item', id: item.id, title: item.title, url: item.url })) };
}

async function itemsOfRun(context: StageContext): Promise<SelectedItem[]> {
  const { db } = context.deps.database;
  const ids = artefactsOf(context.run, 'item').map((a) => a.id);
  if (ids.length === 0) return [];
  const rows = await db.select().from(sourceItems).where(inArray(sourceItems.id, ids));
  const names = await originsOf(db, ids);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const r = byId.get(id);
    if (!r) return [];
    return [{ id: r.id, title: r.title, url: r.url, summary: r.summary, body: r.body, language: r.language, category: r.category, publishedAt: r.publishedAt, sources: names.get(r.id) ?? [] }];
  });
}

/** Writes the story of these items and files it as a draft in AI News under its real source. */
export async function fileStory(deps: Pick<EngineDeps, 'database' | 'events' | 'credentials'>, items: SelectedItem[], options: { language: string; topic: string; signal?: AbortSignal }): Promise<{ id: string; title: string }> {
  const { db } = deps.database;
  const story = await writeStory(deps.credentials, items, options);
  const id = `news-${randomUUID()}`;
  const first = items[0];
  await db.transaction(async (tx) => {
    await tx.insert(news).values({ id, title: story.title, source: first.sources[0] ?? new URL(first.url).hostname, category: first.category, status: 'draft', createdAt: new Date().toISOString(), publishedAt: null });
    await tx.insert(newsTexts).values({ newsId: id, body: story.script, model: story.writtenBy });
  });
  await deps.events.publish({ topic: 'news', action: 'created', id });
  return { id, title: story.title };
}

async function analyse(context: StageContext): Promise<StageOutcome> {
  const existing = artefactsOf(context.run, 'story')[0];
  if (existing) return {};
  const items = await itemsOfRun(context);
  if (items.length === 0) throw new Error('Der Run hat keine Meldungen aus den Quellen (Scraper).');
  const params = await paramsOf(context);
  const story = await fileStory(context.deps, items, { language: text(params.language, 'de'), topic: context.run.topic, signal: context.signal });
  return { artefacts: [{ kind: 'story', id: story.id, title: story.title }] };
}

async function storyText(context: StageContext): Promise<{ id: string; title: string; script: string }> {
  const story = artefactsOf(context.run, 'story')[0];
  if (!story) throw new StageSkipped('Keine Meldung in diesem Run.');
  const [row] = await context.deps.database.db.select().from(newsTexts).where(eq(newsTexts.newsId, story.id));
  if (!row) throw new Error('Der Text der Meldung fehlt.');
  return { id: story.id, title: story.title, script: row.body };
}

async function speech(context: StageContext): Promise<StageOutcome> {
  const { credentials, database, mediaDir, events } = context.deps;
  const hasEleven = Boolean(await credentials.key('elevenlabs'));
  const hasAzure = Boolean(await credentials.key('azure'));
  if (!hasEleven && !hasAzure) throw new StageSkipped('Kein TTS-Anbieter konfiguriert (ElevenLabs oder Azure Speech).');
  const story = await storyText(context);
  const primary = hasEleven ? 'elevenlabs' : 'azure';
  const speechResult = await speakWithFailover(story.script, primary, primary === 'elevenlabs' ? 'azure' : 'elevenlabs', credentials);
  const id = `media-${randomUUID()}`;
  const fileName = `${id}.mp3`;
  await mkdir(mediaDir, { recursive: true });
  const bytes = Buffer.from(speechResult.audio);
  await writeFile(path.join(mediaDir, fileName), bytes);
  const title = `${story.title} (Sprecher)`;
  await database.db.insert(media).values({ id, title, type: 'audio', size: formatSize(bytes.length), duration: null, date: new Date().toISOString().slice(0, 10), thumbnail: thumbnailFor('audio', title), url: null, fileName, mime: speechResult.contentType, bytes: bytes.length });
  await events.publish({ topic: 'media', action: 'created', id });
  return { artefacts: [{ kind: 'audio', id, title }] };
}

const VIDEO_PROVIDERS = ['heygen', 'tavus', 'did', 'modelslab'] as const;

async function video(context: StageContext): Promise<StageOutcome> {
  const { credentials } = context.deps;
  let provider: (typeof VIDEO_PROVIDERS)[number] | undefined;
  for (const p of VIDEO_PROVIDERS) if (!provider && (await credentials.key(p))) provider = p;
  if (!provider) throw new StageSkipped('Kein Video-Anbieter konfiguriert (HeyGen, Tavus, D-ID oder ModelsLab).');
  const story = await storyText(context);
  const params = await paramsOf(context);
  const project = await createVideoJob(context.deps, provider, { platform: provider, script: story.script, title: story.title, voice: text(params.voice, 'german-female-1') });
  return { artefacts: [{ kind: 'video', id: project.id, title: project.title }] };
}

async function socialPost(context: StageContext): Promise<StageOutcome> {
  const story = artefactsOf(context.run, 'story')[0];
  if (!story) throw new StageSkipped('Keine Meldung in diesem Run.');
  await addNotification(context.deps.database.db, `Neue Meldung zur Prüfung: „${story.title}“`, 'info');
  throw new StageSkipped('Die Meldung liegt als Entwurf in AI News und wird erst nach der Prüfung veröffentlicht.');
}

const STAGES: Record<RunStageName, (context: StageContext) => Promise<StageOutcome>> = {
  Scraper: scraper,
  'AI Analyse': analyse,
  TTS: speech,
  'Video Gen': video,
  'Social Post': socialPost,
};

export function runStage(stage: RunStageName, context: StageContext): Promise<StageOutcome> {
  return STAGES[stage](context);
}
