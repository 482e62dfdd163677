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
  onCpu: number | null;
  taskMs: number;
  cpuMs: number;
  cpuBlockingMs: number;
  frameHole: number | null;
}
export declare function hostFigures(events: TraceEvent[]): HostFigures | null;
export declare function describeHost(runs: (HostFigures | null)[]): string;
