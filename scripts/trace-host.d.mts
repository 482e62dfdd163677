export interface TraceEvent {
  name?: string;
  ph?: string;
  pid?: number;
  tid?: number;
  ts?: number;
  dur?: number;
  tdur?: number;
  args?: unknown;
}
export interface HostFigures {
  /** CPU time over wall time of the main thread's top-level tasks in the first 5 s; null when no task carries its CPU time. */
  onCpu: number | null;
  taskMs: number;
  cpuMs: number;
  /** Σ max(0, 4 × task CPU time − 50 ms) over the same tasks; null when no task carries its CPU time. */
  cpuBlockingMs: number | null;
  /** The longest frame wait of ≥ 500 ms before FCP (ms); 0 when none; null when the trace has no FCP of this navigation. */
  frameHole: number | null;
}
export declare function hostFigures(events: TraceEvent[]): HostFigures | null;
export declare function describeHost(runs: (HostFigures | null)[]): string;
