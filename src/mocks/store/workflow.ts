import type { PipelineStep, RunHistoryItem } from '@/lib/api/types';
import { PIPELINE_FIXTURE, RUN_FIXTURES, STATUS_FIXTURE, SUCCESS_RATE_FIXTURE, VARIABLES_FIXTURE } from '../fixtures/workflow';
import type { Scenario } from '../types';
import { registerStore } from './index';

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
    return { active: true, totalExecutions: total, successfulExecutions: state.successfulExecutions, failedExecutions: total - state.successfulExecutions, successRate, lastExecutionAt: state.lastExecutionAt };
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
      log: [`${formatTime(now)} Webhook empfangen${action ? ` (${action})` : ''}`, ok ? `${formatTime(now)} Pipeline gestartet` : `${formatTime(now)} Feld "topic" fehlt oder ist leer`],
    };
    state.runs = [run, ...state.runs].slice(0, 50);
    state.totalExecutions += 1;
    if (ok) state.successfulExecutions += 1;
    state.lastExecutionAt = run.timestamp;
    if (ok) state.steps = state.steps.map((s, i) => ({ ...s, status: i === 0 ? 'running' : 'pending', progress: i === 0 ? 20 : 0 }));
    return { ok, run };
  },
  retry(id: string): RunHistoryItem | undefined {
    const run = state.runs.find((r) => r.id === id);
    if (!run) return undefined;
    const now = new Date();
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
