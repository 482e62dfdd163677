// npm run bench (part "pipeline"), also alone: node --import tsx scripts/dev/bench-pipeline.ts
// Judges DESIGN.md's pipeline budgets on the embedded PGlite, against local feeds served with an answer delay.
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { promisify } from 'node:util';
import ffmpegInstaller from '@ffmpeg-installer/ffmpeg';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../server/data/db/client';
import { ensureStandingRows } from '../../server/data/db/seed';
import { EventHub } from '../../server/data/events';
import { randomBytes } from 'node:crypto';
import { createCredentials } from '../../server/adapters/providers/credentials';
import { createSocialServices } from '../../server/adapters/providers/social/services';
import { PipelineEngine } from '../../server/pipeline/engine';
import { renderVideo } from '../../server/adapters/media-engines/render';
import { createRun, getRun } from '../../server/routes/workflow/workflow.queries';
import { createSource } from '../../server/sources/store';
import { atom, rss2, startFeedServer } from '../../tests/fakes/feeds';

const SOURCES = 20;
const ITEMS = 50;
const BUDGET_MS = 10_000;
const TEXT_BUDGET_MS = 30_000;
const RENDER_BUDGET_MS = 30_000;
const RENDER_MEMORY_BUDGET_MB = 500;
// About 60 s of speech: the length of script an LLM writes for a 60–90 s story.
const SCRIPT_60S = [
  'Der Bundestag hat am Donnerstag ein Gesetz zur Förderung erneuerbarer Energien beschlossen.',
  'Die Abgeordneten stimmten mit großer Mehrheit für den Entwurf der Regierung.',
  'Das Gesetz soll im Frühjahr in Kraft treten und den Ausbau von Wind- und Solaranlagen beschleunigen.',
  'Kommunen, in deren Gebiet neue Anlagen entstehen, sollen an den Erträgen beteiligt werden.',
  'Genehmigungsverfahren sollen künftig höchstens sechs Monate dauern.',
  'Die Opposition kritisierte, dass der Netzausbau mit dem Tempo nicht Schritt halte.',
  'Der Verband der Energiewirtschaft begrüßte den Beschluss, forderte aber mehr Speicher.',
  'Umweltverbände sprachen von einem überfälligen Schritt.',
  'Der Bundesrat muss dem Gesetz noch zustimmen; seine Sitzung ist für den 3. Oktober geplant.',
  'Bis 2030 soll der Anteil erneuerbarer Energien am Stromverbrauch auf achtzig Prozent steigen.',
  'Nach Angaben der Bundesnetzagentur lag er im vergangenen Jahr bei gut der Hälfte.',
  'Die Regierung rechnet mit Investitionen von mehreren Milliarden Euro pro Jahr.',
].join(' ');

const feeds = await startFeedServer();
const now = Date.now();
for (let f = 0; f < SOURCES; f++) {
  const items = Array.from({ length: ITEMS }, (_, i) => {
    const shared = i % 5 === 0;
    const story = shared
      ? `Gemeinsame Meldung ${i} über Energiepolitik und Netzausbau`
      : `Meldung ${f}-${i} über Regionales aus Stadt ${f}`;
    return {
      title: story,
      link: `${feeds.url}/${shared ? `shared/${i}-${f % 2}` : `a/${f}/${i}`}`,
      description: `${story}. Der erste Satz des Berichts steht hier. Ein zweiter Satz folgt mit mehr Einzelheiten.`,
      date: new Date(now - i * 60_000),
    };
  });
  const body =
    f % 2 === 0
      ? rss2({ title: `Feed ${f}`, link: feeds.url, items })
      : atom({
          title: `Feed ${f}`,
          base: `${feeds.url}/`,
          entries: items.map((i) => ({ title: i.title, href: i.link, summary: i.description, updated: i.date })),
        });
  feeds.set(
    `/feed-${f}.xml`,
    (_req, res) =>
      void setTimeout(
        () =>
          res
            .writeHead(200, { 'Content-Type': f % 2 === 0 ? 'application/rss+xml' : 'application/atom+xml' })
            .end(body),
        50,
      ),
  );
}

const dir = await mkdtemp(path.join(os.tmpdir(), 'newsdesk-bench-pipeline-'));
const database = await openDatabase({ pgliteDir: path.join(dir, 'pgdata') });
await ensureStandingRows(database.db);
const events = new EventHub(database);
await events.start();
const credentials = createCredentials({});
const mediaDir = path.join(dir, 'media');
const social = createSocialServices(database, events, credentials, { secretKey: randomBytes(32), mediaDir });
const engine = new PipelineEngine(
  { database, events, credentials, mediaDir, social },
  { allowPrivate: true, sourceIntervalMs: 15 * 60_000, tickMs: 60_000, pollMs: 10, leaseMs: 30_000 },
);
let failed = 0;
try {
  for (let f = 0; f < SOURCES; f++)
    await createSource(database.db, {
      name: `Feed ${f}`,
      url: `${feeds.url}/feed-${f}.xml`,
      category: 'general',
      language: 'de',
      enabled: true,
    });
  let started = performance.now();
  await engine.pollNow();
  const pollMs = performance.now() - started;
  const ok = pollMs <= BUDGET_MS;
  if (!ok) failed++;
  console.log(
    `${ok ? 'ok  ' : 'FAIL'} feed poll of ${SOURCES} sources (${ITEMS} items each, first read): ${Math.round(pollMs)} ms (≤ ${BUDGET_MS} ms)`,
  );

  const { run } = await createRun(database.db, {
    workflowId: 'ai-news',
    topic: 'Breaking News',
    engine: 'desk',
    params: { topic: 'Breaking News', category: 'general', language: 'de' },
  });
  const { enqueue } = await import('../../server/jobs/queue');
  await enqueue(database.db, {
    kind: 'pipeline.stage',
    payload: { runId: run.id, stage: 'Scraper', chain: false },
    runAt: new Date(),
    uniqueKey: `bench:${run.id}`,
  });
  started = performance.now();
  await engine.runDue();
  const scraperMs = performance.now() - started;
  const after = await getRun(database.db, run.id);
  const scraper = after?.stages.find((s) => s.stage === 'Scraper');
  const stageOk = scraper?.state === 'finished' && scraperMs <= BUDGET_MS;
  if (!stageOk) failed++;
  console.log(
    `${stageOk ? 'ok  ' : 'FAIL'} Scraper stage over ${SOURCES * ITEMS} stored items ('Breaking News', article pages read): ${Math.round(scraperMs)} ms (≤ ${BUDGET_MS} ms)${scraper?.state === 'finished' ? '' : `; state ${scraper?.state} ${scraper?.error ?? ''}`}`,
  );

  // A whole run as Run Workflow starts it: every stage in turn until the story waits in review.
  started = performance.now();
  const whole = await engine.startRun({
    workflowId: 'ai-news',
    params: { topic: 'Breaking News', category: 'general', language: 'de', platforms: ['telegram'] },
  });
  let state = whole;
  while (performance.now() - started < 300_000) {
    await engine.runDue();
    state = (await getRun(database.db, whole.id)) ?? state;
    if (state.status !== 'running') break;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const toReviewMs = performance.now() - started;
  const duration = (name: string) => state.stages.find((s) => s.stage === name)?.durationMs ?? 0;
  const textMs = duration('Scraper') + duration('AI Analyse');
  const wholeOk = state.status === 'waiting' && textMs <= TEXT_BUDGET_MS;
  if (!wholeOk) failed++;
  console.log(
    `${wholeOk ? 'ok  ' : 'FAIL'} run from start to review on the embedded default: text stages (Scraper + AI Analyse) ${Math.round(textMs)} ms (≤ ${TEXT_BUDGET_MS} ms); TTS (eSpeak-NG) ${Math.round(duration('TTS'))} ms, Video Gen (FFmpeg) ${Math.round(duration('Video Gen'))} ms; in review after ${Math.round(toReviewMs)} ms${state.status === 'waiting' ? '' : `; status ${state.status}`}`,
  );

  // The desk's own render of a 60 s story at 720p, as Video Gen makes it: subtitles, sources, disclosure, thumbnail.
  const exec = promisify(execFile);
  const speechPath = path.join(dir, 'speech-60s.wav');
  await exec(ffmpegInstaller.path, [
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=220:duration=60:sample_rate=22050',
    '-ac',
    '1',
    speechPath,
  ]);
  const card = {
    audioPath: speechPath,
    title: 'Bundestag beschließt Gesetz zur Förderung erneuerbarer Energien',
    credit: 'Quellen: Alpha Nachrichten, Beta Zeitung',
    disclosure:
      'Dieser Beitrag wurde mit Hilfe von KI aus den genannten Quellen erstellt und von der Redaktion geprüft.',
    script: SCRIPT_60S,
    measureMemory: true,
  };
  started = performance.now();
  const landscape = await renderVideo({
    ...card,
    outPath: path.join(dir, 'render-720p.mp4'),
    thumbnailPath: path.join(dir, 'render-720p.jpg'),
  });
  const renderMs = performance.now() - started;
  started = performance.now();
  const portrait = await renderVideo({
    ...card,
    outPath: path.join(dir, 'render-portrait.mp4'),
    thumbnailPath: path.join(dir, 'render-portrait.jpg'),
    width: 1080,
    height: 1920,
  });
  const portraitMs = performance.now() - started;
  const mb = (kb?: number) => (kb === undefined ? '?' : String(Math.round(kb / 1024)));
  const renderOk =
    renderMs <= RENDER_BUDGET_MS &&
    renderMs / landscape.durationMs <= 0.5 &&
    (landscape.peakKb ?? 0) / 1024 <= RENDER_MEMORY_BUDGET_MB;
  if (!renderOk) failed++;
  console.log(
    `${renderOk ? 'ok  ' : 'FAIL'} Video render of a 60 s script at 720p (subtitles, thumbnail, ${Math.round(landscape.durationMs / 100) / 10} s): ${Math.round(renderMs)} ms = ${(renderMs / landscape.durationMs).toFixed(2)}× real time (≤ ${RENDER_BUDGET_MS} ms, ≤ 0.5×), encode alone ${Math.round(landscape.renderMs)} ms; FFmpeg peak memory ${mb(landscape.peakKb)} MB (≤ ${RENDER_MEMORY_BUDGET_MB} MB); portrait 1080×1920 ${Math.round(portraitMs)} ms = ${(portraitMs / portrait.durationMs).toFixed(2)}×, ${mb(portrait.peakKb)} MB`,
  );
} finally {
  await engine.stop();
  await events.stop();
  await database.close();
  await feeds.close();
  await rm(dir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
