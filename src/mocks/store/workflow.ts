import { RUN_STAGES, type Run, type RunArtefact, type RunStage, type RunStageEvent, type SourceItem } from '@/contract';
import type { PipelineStep, RunHistoryItem } from '@/contract';
import { SOURCE_ITEM_FIXTURES } from '../fixtures/sources';
import {
  PIPELINE_FIXTURE,
  RUN_FIXTURES,
  STATUS_FIXTURE,
  SUCCESS_RATE_FIXTURE,
  VARIABLES_FIXTURE,
} from '../fixtures/workflow';
import type { Scenario } from '../types';
import { registerStore } from './index';
import { sourcesStore } from './sources';

interface WorkflowState {
  runs: RunHistoryItem[];
  steps: PipelineStep[];
  variables: Record<string, string>;
  successRates: Array<{ name: string; rate: number }>;
  totalExecutions: number;
  successfulExecutions: number;
  lastExecutionAt: string | null;
  uploads: Map<string, { id: string; name: string; status: string; active: boolean }>;
  media: Array<{ filename: string; size: number; metadata: unknown }>;
  seq: number;
  liveRuns: LiveRun[];
}

/** One stage attempt of a demo run: when it starts and ends (ms since epoch) and how it ends. */
interface Attempt {
  stage: RunStage['stage'];
  start: number;
  end: number;
  outcome: 'finished' | 'failed';
  error?: string;
}
/** A demo run whose stages unfold with the clock (no timers): what a read sees depends on the time of the read. */
interface LiveRun {
  id: string;
  workflowId: string;
  topic: string;
  executionId: string;
  token: string;
  created: number;
  attempts: Attempt[];
  /** Events posted to POST /runs/{id}/events (the contract's shape; the demo workflow posts none itself). */
  posted: Array<RunStageEvent & { at: string }>;
  /** What the stages make: shown once their stage has finished. */
  artefacts: RunArtefact[];
}

/** How long a demo stage takes. */
export const DEMO_STAGE_MS = 1500;

function schedule(from: number, start: number, failStage?: string): Attempt[] {
  const attempts: Attempt[] = [];
  let at = start;
  for (const stage of RUN_STAGES.slice(from)) {
    const fails = stage === failStage;
    attempts.push({
      stage,
      start: at,
      end: at + DEMO_STAGE_MS,
      outcome: fails ? 'failed' : 'finished',
      ...(fails ? { error: `${stage}: Zeitüberschreitung beim Anbieter` } : {}),
    });
    at += DEMO_STAGE_MS;
    if (fails) break;
  }
  return attempts;
}

/** The Scraper's items (up to three) and the story the AI Analyse writes from them. */
function artefactsOf(runId: string, items: SourceItem[]): RunArtefact[] {
  const chosen: RunArtefact[] = items
    .slice(0, 3)
    .map((i) => ({ kind: 'item', id: i.id, title: i.title, url: i.url, sources: [...i.sources], stage: 'Scraper' }));
  if (chosen.length === 0) return [];
  return [...chosen, { kind: 'story', id: `story-${runId}`, title: chosen[0].title, stage: 'AI Analyse' }];
}

/** The stored items a new run's Scraper picks: those naming a word of the topic first, then the newest. */
function itemsFor(topic: string): SourceItem[] {
  const words = topic
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length >= 4);
  const all = sourcesStore.items(50);
  const matching = all.filter((i) => words.some((w) => i.title.toLowerCase().includes(w)));
  return [...matching, ...all.filter((i) => !matching.includes(i))];
}

function liveRun(input: {
  id: string;
  workflowId: string;
  topic: string;
  start: number;
  failStage?: string;
  items: SourceItem[];
}): LiveRun {
  return {
    id: input.id,
    workflowId: input.workflowId,
    topic: input.topic,
    executionId: input.id.replace(/^run-/, ''),
    token: `demo-${input.id}`,
    created: input.start,
    attempts: schedule(0, input.start, input.failStage),
    posted: [],
    artefacts: artefactsOf(input.id, input.items),
  };
}

const clockOf = (ms: number) => new Date(ms).toISOString().slice(11, 19);

/** The contract's Run as it stands at `now`. */
function runAt(run: LiveRun, now: number): Run {
  const stages = RUN_STAGES.map((stage): RunStage => {
    const attempt = [...run.attempts].reverse().find((a) => a.stage === stage && a.start <= now);
    if (!attempt) return { stage, state: 'pending' };
    const done = attempt.end <= now;
    return {
      stage,
      state: done ? attempt.outcome : 'started',
      startedAt: new Date(attempt.start).toISOString(),
      ...(done ? { finishedAt: new Date(attempt.end).toISOString(), durationMs: attempt.end - attempt.start } : {}),
      ...(done && attempt.error ? { error: attempt.error } : {}),
    };
  });
  const finished = new Set(stages.filter((s) => s.state === 'finished').map((s) => s.stage));
  const artefacts = run.artefacts.filter((a) => finished.has(a.stage));
  const last = run.attempts[run.attempts.length - 1];
  const ended = last.end <= now;
  const status: Run['status'] = !ended ? 'running' : last.outcome === 'failed' ? 'failed' : 'success';
  const log = [`${clockOf(run.created)} Run angelegt: ${run.topic}`];
  for (const a of run.attempts) {
    if (a.start <= now) log.push(`${clockOf(a.start)} ${a.stage} gestartet`);
    if (a.end <= now)
      log.push(
        a.outcome === 'failed'
          ? `${clockOf(a.end)} ${a.stage} fehlgeschlagen: ${a.error ?? 'Unbekannter Fehler'}`
          : `${clockOf(a.end)} ${a.stage} fertig (${((a.end - a.start) / 1000).toLocaleString('de-DE', { minimumFractionDigits: 1 })} s)`,
      );
  }
  return {
    id: run.id,
    workflowId: run.workflowId,
    topic: run.topic,
    status,
    executionId: run.executionId,
    startedAt: new Date(run.created).toISOString(),
    ...(ended ? { finishedAt: new Date(last.end).toISOString() } : {}),
    stages,
    log,
    ...(artefacts.length ? { artefacts: structuredClone(artefacts) } : {}),
  };
}

const fixtureItems = (...slugs: string[]) =>
  slugs.flatMap((slug) => SOURCE_ITEM_FIXTURES.filter((i) => i.id === `item-${slug}`));

function seedLiveRuns(): LiveRun[] {
  // The fixtures' two newest runs, with their stages: run-1005 went through, run-1004 failed at Video Gen.
  return [
    liveRun({
      id: 'run-1005',
      workflowId: 'ai-news-workflow',
      topic: 'KI-Regulierung in der EU',
      start: Date.parse('2024-06-12T09:45:00.000Z'),
      items: fixtureItems('eu-ai-act-pflichten', 'ki-chip-strom', 'open-source-modell'),
    }),
    liveRun({
      id: 'run-1004',
      workflowId: 'ai-news-workflow',
      topic: 'Börse aktuell',
      start: Date.parse('2024-06-12T08:30:00.000Z'),
      failStage: 'Video Gen',
      items: fixtureItems('dax-rekord', 'ezb-zinsen', 'inflation-mai'),
    }),
  ];
}

const clone = <T>(value: T): T => structuredClone(value);

function seed(scenario: Scenario): WorkflowState {
  const empty = scenario === 'empty';
  return {
    runs: empty ? [] : clone(RUN_FIXTURES),
    steps: empty ? PIPELINE_FIXTURE.map((s) => ({ ...s, status: 'pending', progress: 0 })) : clone(PIPELINE_FIXTURE),
    variables: empty ? {} : { ...VARIABLES_FIXTURE },
    successRates: empty ? [] : clone(SUCCESS_RATE_FIXTURE),
    totalExecutions: empty ? 0 : STATUS_FIXTURE.totalExecutions,
    successfulExecutions: empty ? 0 : STATUS_FIXTURE.successfulExecutions,
    lastExecutionAt: empty ? null : RUN_FIXTURES[0].timestamp,
    uploads: new Map(),
    media: [],
    seq: 1006,
    liveRuns: empty ? [] : seedLiveRuns(),
  };
}

let state = seed('default');
registerStore((scenario) => {
  state = seed(scenario);
});

function formatTime(date: Date): string {
  return date.toISOString().slice(11, 19);
}

/** The demo workflow's state: runs, pipeline, counters; every trigger and retry changes what GET returns. */
export const workflowStore = {
  runs(limit = 10): RunHistoryItem[] {
    return state.runs.slice(0, Math.max(0, limit));
  },
  status() {
    const total = state.totalExecutions;
    const successRate = total > 0 ? Math.round((state.successfulExecutions / total) * 1000) / 10 : 100;
    return {
      active: true,
      totalExecutions: total,
      successfulExecutions: state.successfulExecutions,
      failedExecutions: total - state.successfulExecutions,
      successRate,
      lastExecutionAt: state.lastExecutionAt,
    };
  },
  /** Records a run; a blank topic fails like the shipped example workflow does. */
  trigger(body: Record<string, unknown>): { ok: boolean; run: RunHistoryItem } {
    const now = new Date();
    const topic = typeof body.topic === 'string' ? body.topic.trim() : '';
    const action = typeof body.action === 'string' ? body.action : '';
    const ok = topic.length > 0 || action !== '';
    const run: RunHistoryItem = {
      id: `run-${state.seq++}`,
      timestamp: now.toISOString(),
      status: ok ? 'success' : 'failed',
      duration: '0m 01s',
      topic: topic || action || '–',
      log: [
        `${formatTime(now)} Webhook empfangen${action ? ` (${action})` : ''}`,
        ok ? `${formatTime(now)} Pipeline gestartet` : `${formatTime(now)} Feld "topic" fehlt oder ist leer`,
      ],
    };
    state.runs = [run, ...state.runs].slice(0, 50);
    if (ok) {
      const failStage = typeof body.failStage === 'string' ? body.failStage : undefined;
      const workflowId = typeof body.workflowId === 'string' && body.workflowId ? body.workflowId : 'ai-news-workflow';
      state.liveRuns = [
        liveRun({
          id: run.id,
          workflowId,
          topic: run.topic,
          start: now.getTime(),
          failStage,
          items: itemsFor(run.topic),
        }),
        ...state.liveRuns,
      ].slice(0, 50);
    }
    state.totalExecutions += 1;
    if (ok) state.successfulExecutions += 1;
    state.lastExecutionAt = run.timestamp;
    if (ok)
      state.steps = state.steps.map((s, i) => ({
        ...s,
        status: i === 0 ? 'running' : 'pending',
        progress: i === 0 ? 20 : 0,
      }));
    return { ok, run };
  },
  retry(id: string): RunHistoryItem | undefined {
    const run = state.runs.find((r) => r.id === id);
    if (!run) return undefined;
    const now = new Date();
    // The demo run goes on from its failed stage, as n8n's retry does.
    const live = state.liveRuns.find((r) => r.id === id);
    const current = live ? runAt(live, now.getTime()) : undefined;
    if (live && current?.status === 'failed') {
      const from = current.stages.findIndex((s) => s.state === 'failed');
      live.attempts = [...live.attempts, ...schedule(from, now.getTime())];
    }
    run.status = 'success';
    run.log = [...(run.log ?? []), `${formatTime(now)} Erneut ausgeführt: erfolgreich`];
    state.successfulExecutions = Math.min(state.totalExecutions, state.successfulExecutions + 1);
    return clone(run);
  },
  /** Each read moves the running step on by 20 % so the Monitoring tab shows progress. */
  pipeline() {
    const index = state.steps.findIndex((s) => s.status === 'running');
    if (index >= 0) {
      const step = state.steps[index];
      const progress = Math.min(100, step.progress + 20);
      state.steps = state.steps.map((s, i) => {
        if (i === index) return { ...s, progress, status: progress >= 100 ? 'completed' : 'running' };
        if (i === index + 1 && progress >= 100) return { ...s, status: 'running', progress: 0 };
        return s;
      });
    }
    return { steps: clone(state.steps), variables: { ...state.variables }, successRates: clone(state.successRates) };
  },
  /** The demo runs as they stand now, newest first (GET /workflow/runs). */
  liveRuns(limit = 10, now = Date.now()): Run[] {
    return state.liveRuns.slice(0, Math.max(0, limit)).map((r) => runAt(r, now));
  },
  /**
   * POST /runs/{id}/events: undefined for an unknown run or a wrong token. The demo (in the page, nothing to protect)
   * takes an event without a token, so the contract's example answers; a wrong token is refused as the server does.
   */
  runEvent(id: string, token: string | null, event: RunStageEvent): Run | undefined {
    const run = state.liveRuns.find((r) => r.id === id);
    if (!run || (token !== null && token !== run.token)) return undefined;
    run.posted.push({ ...event, at: event.at ?? new Date().toISOString() });
    return runAt(run, Date.now());
  },
  /**
   * POST /runs/{id}/stages/{stage}: accepted for a known run (a token, when sent, must be the run's). The demo's stages
   * unfold with the clock, so nothing is done and nothing is posted back to the resume address.
   */
  stage(
    id: string,
    token: string | null,
    stage: RunStage['stage'],
  ): { accepted: boolean; runId: string; stage: string } | 'unknown' | 'forbidden' {
    const run = state.liveRuns.find((r) => r.id === id);
    if (!run) return 'unknown';
    if (token !== null && token !== run.token) return 'forbidden';
    return { accepted: true, runId: id, stage };
  },
  registerUpload(name: string) {
    const id = `wf-${state.seq++}`;
    const entry = { id, name, status: 'imported', active: false };
    state.uploads.set(id, entry);
    return entry;
  },
  upload(id: string) {
    return state.uploads.get(id);
  },
  addMedia(filename: string, size: number, metadata: unknown) {
    state.media.push({ filename, size, metadata });
    return { success: true, filename, size, metadata };
  },
};
