// What a stage gets and answers, apart from the stages themselves (a stage module imports this, never the list).
import type { Run, RunArtefact } from '../../src/contract';
import type { EngineDeps, PipelineEngine } from './engine';

export class StageSkipped extends Error {}
/** The stage cannot go on before a person decides (the story's review): the run waits, nothing fails. */
export class StageWaiting extends Error {}

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
