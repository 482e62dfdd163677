// npm run bench (part "pipeline"), also alone: node --import tsx scripts/bench-pipeline.ts
// Budget (DESIGN.md): a feed poll of 20 sources and a Scraper stage, each ≤ 10 s on this 2-core machine; a whole run
// from start to its story in review on the embedded default (no key: extractive story, eSpeak-NG, FFmpeg), its text
// stages (Scraper and AI Analyse) ≤ 30 s. The sources are
// 20 local feeds of 50 items each (RSS 2.0 and Atom alternating, every fifth item carried by two feeds), served with
// a 50 ms answer delay; the database is the embedded PGlite, as on a fresh desk.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../server/db/client';
import { ensureStandingRows } from '../server/db/seed';
import { EventHub } from '../server/events';
import { randomBytes } from 'node:crypto';
import { createCredentials } from '../server/providers/credentials';
import { createSocialServices } from '../server/providers/social/services';
import { PipelineEngine } from '../server/pipeline/engine';
import { createRun, getRun } from '../server/routes/workflow/runs';
import { createSource } from '../server/sources/store';
import { atom, rss2, startFeedServer } from '../tests/fakes/feeds';

const SOURCES = 20;
const ITEMS = 50;
const BUDGET_MS = 10_000;
const TEXT_BUDGET_MS = 30_000;

const feeds = await startFeedServer();
const now = Date.now();
for (let f = 0; f < SOURCES; f++) {
  const items = Array.from({ length: ITEMS }, (_, i) => {
    const shared = i % 5 === 0;
    const story = shared ? `Gemeinsame Meldung ${i} über Energiepolitik und Netzausbau` : `Meldung ${f}-${i} über Regionales aus Stadt ${f}`;
    return { title: story, link: `${feeds.url}/${shared ? `shared/${i}-${f % 2}` : `a/${f}/${i}`}`, description: `${story}. Der erste Satz des Berichts steht hier. Ein zweiter Satz folgt mit mehr Einzelheiten.`, date: new Date(now - i * 60_000) };
  });
  const body = f % 2 === 0
    ? rss2({ title: `Feed ${f}`, link: feeds.url, items })
    : atom({ title: `Feed ${f}`, base: `${feeds.url}/`, entries: items.map((i) => ({ title: i.title, href: i.link, summary: i.description, updated: i.date })) });
  feeds.set(`/feed-${f}.xml`, (_req, res) => void setTimeout(() => res.writeHead(200, { 'Content-Type': f % 2 === 0 ? 'application/rss+xml' : 'application/atom+xml' }).end(body), 50));
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
  { database, events, credentials, mediaDir, token: 'bench-token-0123456789', social },
  { allowPrivate: true, sourceIntervalMs: 15 * 60_000, tickMs: 60_000, pollMs: 10, leaseMs: 30_000 },
);
let failed = 0;
try {
  for (let f = 0; f < SOURCES; f++) await createSource(database.db, { name: `Feed ${f}`, url: `${feeds.url}/feed-${f}.xml`, category: 'general', language: 'de', enabled: true });
  let started = performance.now();
  await engine.pollNow();
  const pollMs = performance.now() - started;
  const ok = pollMs <= BUDGET_MS;
  if (!ok) failed++;
  console.log(`${ok ? 'ok  ' : 'FAIL'} feed poll of ${SOURCES} sources (${ITEMS} items each, first read): ${Math.round(pollMs)} ms (≤ ${BUDGET_MS} ms)`);

  const { run } = await createRun(database.db, { workflowId: 'ai-news', topic: 'Breaking News', engine: 'desk', params: { topic: 'Breaking News', category: 'general', language: 'de' } });
  const { enqueue } = await import('../server/jobs/queue');
  await enqueue(database.db, { kind: 'pipeline.stage', payload: { runId: run.id, stage: 'Scraper', chain: false }, runAt: new Date(), uniqueKey: `bench:${run.id}` });
  started = performance.now();
  await engine.runDue();
  const scraperMs = performance.now() - started;
  const after = await getRun(database.db, run.id);
  const scraper = after?.stages.find((s) => s.stage === 'Scraper');
  const stageOk = scraper?.state === 'finished' && scraperMs <= BUDGET_MS;
  if (!stageOk) failed++;
  console.log(`${stageOk ? 'ok  ' : 'FAIL'} Scraper stage over ${SOURCES * ITEMS} stored items ('Breaking News', article pages read): ${Math.round(scraperMs)} ms (≤ ${BUDGET_MS} ms)${scraper?.state === 'finished' ? '' : `; state ${scraper?.state} ${scraper?.error ?? ''}`}`);

  // A whole run as Run Workflow starts it: every stage in turn until the story waits in review.
  started = performance.now();
  const whole = await engine.startRun({ workflowId: 'ai-news', params: { topic: 'Breaking News', category: 'general', language: 'de', platforms: ['telegram'] } });
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
  console.log(`${wholeOk ? 'ok  ' : 'FAIL'} run from start to review on the embedded default: text stages (Scraper + AI Analyse) ${Math.round(textMs)} ms (≤ ${TEXT_BUDGET_MS} ms); TTS (eSpeak-NG) ${Math.round(duration('TTS'))} ms, Video Gen (FFmpeg) ${Math.round(duration('Video Gen'))} ms; in review after ${Math.round(toReviewMs)} ms${state.status === 'waiting' ? '' : `; status ${state.status}`}`);
} finally {
  await engine.stop();
  await events.stop();
  await database.close();
  await feeds.close();
  await rm(dir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
