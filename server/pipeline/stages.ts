// What each stage does on the desk's own engine. A stage answers what it made (artefacts), throws StageSkipped with a
// German reason when it has nothing to do on this desk, or throws an Error whose message Monitoring shows.
import { recordAudit, summarize } from '../identity/audit';
import { createHash, randomUUID } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { PLATFORMS, type Platform, type Run, type RunArtefact, type RunStageName } from '../../src/contract';
import { media, news, newsTexts, runs, sourceItems } from '../data/db/schema';
import { addNotification } from '../routes/dashboard/dashboard.queries';
import { formatSize, thumbnailFor } from '../routes/media/media.queries';
import { extractArticle, isArticleOf } from '../sources/article';
import { selectItems, type SelectedItem } from '../sources/select';
import { originLinksOf, originsOf } from '../sources/store';
import { speakByRoles, TTS_ENGINE_NAMES } from '../adapters/providers/tts';
import { probeDurationMs } from '../adapters/media-engines/render';
import { appendLog } from '../routes/workflow/workflow.queries';
import { readSettings } from '../data/settings';
import { postIdOf, postStory, publishStory, REJECTED_REASON, slugFor } from './publication';
import { writeStory } from './story';
import { videoStage } from './video-stage';
import { attemptId, StageSkipped, StageWaiting, type StageContext, type StageOutcome } from './stage';
import type { EngineDeps } from './engine';
import { deskDay } from '../data/day';

/** Sources read longer ago than this are read again before the Scraper picks. */
const STALE_MS = 10 * 60_000;

async function paramsOf(context: StageContext): Promise<Record<string, unknown>> {
  const [row] = await context.deps.database.db
    .select({ params: runs.params })
    .from(runs)
    .where(eq(runs.id, context.run.id));
  return row?.params ?? {};
}
const text = (value: unknown, fallback: string) =>
  typeof value === 'string' && value.trim() ? value.trim() : fallback;
const artefactsOf = (run: Run, kind: RunArtefact['kind']) => (run.artefacts ?? []).filter((a) => a.kind === kind);

async function scraper(context: StageContext): Promise<StageOutcome> {
  const { db } = context.deps.database;
  const params = await paramsOf(context);
  await context.engine.refreshStale(STALE_MS);
  const topic = text(params.topic, context.run.topic);
  const chosen = await selectItems(db, { topic, category: text(params.category, 'general') });
  if (chosen.length === 0) throw new Error(`Keine aktuelle Meldung zum Thema „${topic}“ gefunden.`);
  // The article's own text is what a story is written from; a page that cannot be read, or is no article of the item
  // (a consent wall, a paywall), keeps the feed's summary.
  await Promise.all(
    chosen
      .filter((item) => !item.body)
      .map(async (item) => {
        const article = await extractArticle(item.url, { allowPrivate: context.allowPrivate, timeoutMs: 10_000 }).catch(
          () => undefined,
        );
        if (article && article.text.length > item.summary.length && isArticleOf(article, item.title))
          await db.update(sourceItems).set({ body: article.text }).where(eq(sourceItems.id, item.id));
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
    return [
      {
        id: r.id,
        title: r.title,
        url: r.url,
        summary: r.summary,
        body: r.body,
        language: r.language,
        category: r.category,
        // ISO, as every other reader of items gives it: the database's own text form is not every browser's to read.
        publishedAt: r.publishedAt ? new Date(r.publishedAt).toISOString() : null,
        sources: names.get(r.id) ?? [],
      },
    ];
  });
}

/** Writes the story of these items and files it as a draft in AI News under its real source, with its provenance. */
export async function fileStory(
  deps: Pick<EngineDeps, 'database' | 'events' | 'credentials'>,
  items: SelectedItem[],
  options: { language: string; topic: string; signal?: AbortSignal; runId?: string },
): Promise<{ id: string; title: string }> {
  const { db } = deps.database;
  // A run's story has an id of the run's own: a second run of this stage (after a crash between filing the story and
  // recording it, or a stage taken over) finds it instead of filing another.
  const id = options.runId
    ? `news-${createHash('sha256').update(options.runId).digest('hex').slice(0, 32)}`
    : `news-${randomUUID()}`;
  const [filed] = await db.select().from(news).where(eq(news.id, id));
  if (filed) return { id, title: filed.title };
  const story = await writeStory(deps.credentials, items, options);
  if (options.signal?.aborted) throw new Error('abgebrochen');
  const first = items[story.lead - 1] ?? items[0];
  const links = await originLinksOf(
    db,
    items.map((i) => i.id),
  );
  const cited = items.map((item, i) => ({
    n: i + 1,
    title: item.title,
    url: item.url,
    sources: item.sources,
    publishedAt: item.publishedAt,
    links: links.get(item.id) ?? [],
  }));
  const created = await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(news)
      .values({
        id,
        title: story.title,
        source: first.sources[0] ?? new URL(first.url).hostname,
        category: first.category,
        status: 'draft',
        createdAt: new Date().toISOString(),
        publishedAt: null,
        runId: options.runId ?? null,
        slug: slugFor(story.title, id),
      })
      .onConflictDoNothing()
      .returning({ id: news.id });
    if (inserted.length === 0) return false;
    await tx
      .insert(newsTexts)
      .values({ newsId: id, body: story.script, model: story.writtenBy, teaser: story.teaser, sources: cited });
    return true;
  });
  if (!created) {
    const [other] = await db.select().from(news).where(eq(news.id, id));
    return { id, title: other?.title ?? story.title };
  }
  await deps.events.publish({ topic: 'news', action: 'created', id });
  return { id, title: story.title };
}

async function analyse(context: StageContext): Promise<StageOutcome> {
  const existing = artefactsOf(context.run, 'story')[0];
  if (existing) return {};
  const items = await itemsOfRun(context);
  if (items.length === 0) throw new Error('Der Run hat keine Meldungen aus den Quellen (Scraper).');
  const params = await paramsOf(context);
  const story = await fileStory(context.deps, items, {
    language: text(params.language, 'de'),
    topic: context.run.topic,
    signal: context.signal,
    runId: context.run.id,
  });
  return { artefacts: [{ kind: 'story', id: story.id, title: story.title }] };
}

async function storyText(context: StageContext): Promise<{ id: string; title: string; script: string }> {
  const story = artefactsOf(context.run, 'story')[0];
  if (!story) throw new StageSkipped('Keine Meldung in diesem Run.');
  const [row] = await context.deps.database.db.select().from(newsTexts).where(eq(newsTexts.newsId, story.id));
  if (!row) throw new Error('Der Text der Meldung fehlt.');
  return { id: story.id, title: story.title, script: row.body };
}

const clockOf = (ms: number) => `${Math.floor(ms / 60_000)}:${String(Math.round(ms / 1000) % 60).padStart(2, '0')}`;
/** The script as spoken: without its citation marks. */
const spoken = (script: string) => script.replace(/\s*\[\d+\]/g, '').trim();

async function storeMedia(
  context: StageContext,
  file: {
    id: string;
    bytes: Buffer;
    ext: string;
    mime: string;
    type: 'audio' | 'video';
    title: string;
    durationMs?: number;
  },
): Promise<{ id: string; title: string }> {
  const { database, mediaDir, events } = context.deps;
  const { id } = file;
  // Its own file name: an instance that lost this attempt's lease may be writing the same id's file right now.
  const fileName = `${id}-${randomUUID().slice(0, 8)}${file.ext}`;
  await mkdir(mediaDir, { recursive: true });
  await writeFile(path.join(mediaDir, fileName), file.bytes);
  // An instance that lost this attempt's lease may have filed it a moment earlier: one item either way.
  const [filed] = await database.db
    .insert(media)
    .values({
      id,
      title: file.title,
      type: file.type,
      size: formatSize(file.bytes.length),
      duration: file.durationMs === undefined ? null : clockOf(file.durationMs),
      date: deskDay(),
      thumbnail: thumbnailFor(file.type, file.title),
      url: null,
      fileName,
      mime: file.mime,
      bytes: file.bytes.length,
    })
    .onConflictDoNothing()
    .returning({ id: media.id });
  if (filed) await events.publish({ topic: 'media', action: 'created', id });
  else await rm(path.join(mediaDir, fileName), { force: true });
  return { id, title: file.title };
}

async function speech(context: StageContext): Promise<StageOutcome> {
  const { credentials, database } = context.deps;
  const story = await storyText(context);
  // Taken over after the first try had filed its audio (a crash, a lost lease): that audio is this stage's.
  const id = attemptId(context, 'media', 'tts');
  const [made] = await database.db.select({ id: media.id, title: media.title }).from(media).where(eq(media.id, id));
  if (made) return { artefacts: [{ kind: 'audio', ...made }] };
  const params = await paramsOf(context);
  // The desk's roles (Admin's Switch, in the server's settings) decide who speaks first; with neither key the embedded
  // eSpeak-NG speaks, so a desk without keys still gets its audio. The run's voice goes through the one voice table.
  const { ttsRoles } = await readSettings(database.db);
  const result = await speakByRoles(
    spoken(story.script),
    ttsRoles,
    credentials,
    { voice: text(params.voice, ''), language: text(params.language, 'de') },
    context.signal,
  );
  if (result.primaryError)
    await appendLog(
      database.db,
      context.run.id,
      `TTS: ${result.primaryError} – ${TTS_ENGINE_NAMES[result.provider]} sprang ein.`,
    );
  await appendLog(database.db, context.run.id, `TTS: Gesprochen von ${TTS_ENGINE_NAMES[result.provider]}`);
  const bytes = Buffer.from(result.audio);
  const wav = result.contentType.includes('wav');
  let durationMs = result.durationMs;
  if (durationMs === undefined) {
    // A provider's MP3 names no length: FFmpeg reads it from a copy (unknown when it cannot).
    const probe = path.join(context.deps.mediaDir, `probe-${randomUUID()}.mp3`);
    await mkdir(context.deps.mediaDir, { recursive: true });
    await writeFile(probe, bytes);
    durationMs = await probeDurationMs(probe, context.signal)
      .catch(() => undefined)
      .finally(() => rm(probe, { force: true }));
  }
  const audio = await storeMedia(context, {
    id,
    bytes,
    ext: wav ? '.wav' : '.mp3',
    mime: result.contentType,
    type: 'audio',
    title: `${story.title} (Sprecher)`,
    durationMs,
  });
  return { artefacts: [{ kind: 'audio', ...audio }] };
}

// The Video Gen stage's work (a provider's job or the desk's own render) lives in video-stage.ts.
async function video(context: StageContext): Promise<StageOutcome> {
  const story = await storyText(context);
  return videoStage(
    context,
    { id: story.id, title: story.title, script: spoken(story.script) },
    await paramsOf(context),
  );
}

async function socialPost(context: StageContext): Promise<StageOutcome> {
  const { database } = context.deps;
  const ref = artefactsOf(context.run, 'story')[0];
  if (!ref) throw new StageSkipped('Keine Meldung in diesem Run.');
  const [story] = await database.db.select().from(news).where(eq(news.id, ref.id));
  if (!story) throw new Error('Die Meldung dieses Runs gibt es nicht mehr.');
  if (story.status === 'rejected') throw new StageSkipped(REJECTED_REASON);
  if (story.status === 'draft' || story.status === 'review') {
    const { review } = await readSettings(database.db);
    if (review) {
      if (story.status === 'draft') {
        await database.db.update(news).set({ status: 'review' }).where(eq(news.id, story.id));
        await context.deps.events.publish({ topic: 'news', action: 'updated', id: story.id });
        await addNotification(database.db, `Neue Meldung zur Prüfung: „${story.title}“`, 'info');
      }
      throw new StageWaiting('Wartet auf die Freigabe in AI News (Publish oder Reject).');
    }
    await publishStory(context.deps, story.id, { reviewed: false });
    // Nobody approved it: the trail says the pipeline published it.
    await recordAudit(database, {
      actor: { kind: 'system', userId: null, name: 'Pipeline' },
      action: 'news.publish',
      targetId: story.id,
      summary: summarize({ title: story.title }),
      status: 200,
    });
  }
  const params = await paramsOf(context);
  const wanted = Array.isArray(params.platforms)
    ? params.platforms.filter((p): p is Platform => (PLATFORMS as readonly unknown[]).includes(p))
    : [];
  const outcome = await postStory(context.deps, story.id, wanted);
  for (const s of outcome.skipped)
    await appendLog(database.db, context.run.id, `Social Post: ${s.platform} übersprungen – ${s.reason}`);
  if (outcome.failed.length > 0 && outcome.published.length === 0) {
    throw new Error(
      `Keine Plattform hat die Meldung angenommen: ${outcome.failed.map((f) => `${f.platform}: ${f.error}`).join('; ')}`,
    );
  }
  return {
    artefacts: outcome.published.map((platform) => ({
      kind: 'post' as const,
      id: postIdOf(story.id, platform),
      title: `${story.title} (${platform})`,
    })),
  };
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
