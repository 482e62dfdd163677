// What a stage gets and answers, apart from the stages themselves (a stage module imports this, never the list).
import type { Run, RunArtefact } from '../../src/contract';
import type { EngineDeps, PipelineEngine } from './engine';

/** The id of what this stage attempt makes (`part` tells several apart): the same again when the attempt is taken over. */
export const attemptId = (context: Pick<StageContext, 'run' | 'attempt'>, prefix: string, part?: string | number) =>
  `${prefix}-${context.run.id}-a${context.attempt}${part === undefined ? '' : `-${part}`}`;

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
  /**
   * This stage attempt (its job): a takeover after a crash or a lost lease is the same attempt and finds what the
   * first try already made under ids derived from it; a Retry is a new attempt.
   */
  attempt: number;
}

export interface StageOutcome {
  artefacts?: Array<{ kind: RunArtefact['kind']; id: string; title: string; url?: string }>;
}
