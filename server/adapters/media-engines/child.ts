// Runs an engine as its own process (the GPL programs are never loaded into the server) and kills it when the caller
// gives up, so a cancelled or stuck render does not keep a core busy.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';

export interface ChildResult {
  code: number | null;
  stdout: Buffer;
  /** The end of stderr: enough for the program's last error line. */
  stderr: string;
  /** The child's peak resident memory (VmHWM) in KiB, when `measureMemory` asked for it and /proc tells it. */
  peakKb?: number;
}

export interface ChildOptions {
  input?: Uint8Array;
  cwd?: string;
  signal?: AbortSignal;
  timeoutMs?: number;
  /** Added to the server's environment for this child. */
  env?: Record<string, string>;
  /** Samples the child's VmHWM from /proc while it runs (the bench's memory figure). */
  measureMemory?: boolean;
}

/** Why a child was stopped by us; its message is the German reason shown after the engine's prefix. */
export class ChildStopped extends Error {
  constructor(
    message: string,
    /** Stopped because the caller gave up, or because it ran past its time limit. */
    readonly reason: 'aborted' | 'timeout' = 'aborted',
  ) {
    super(message);
  }
}

const STDERR_KEEP = 8_000;
const seconds = (ms: number) => (ms >= 1000 ? `${Math.round(ms / 1000)} s` : `${ms} ms`);

/** Runs `command` without a shell, collecting stdout; rejects with ChildStopped when aborted or timed out. */
export function runChild(command: string, args: readonly string[], options: ChildOptions = {}): Promise<ChildResult> {
  const { signal, timeoutMs } = options;
  if (signal?.aborted) return Promise.reject(new ChildStopped('abgebrochen.'));
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: options.env ? { ...process.env, ...options.env } : undefined,
      stdio: ['pipe', 'pipe', 'pipe'],
      windowsHide: true,
    });
    const stdout: Buffer[] = [];
    let stderr = '';
    let stopped: ChildStopped | undefined;
    const stop = (message: string, reason: 'aborted' | 'timeout' = 'aborted') => {
      stopped ??= new ChildStopped(message, reason);
      child.kill('SIGKILL');
    };
    const onAbort = () => stop('abgebrochen.');
    signal?.addEventListener('abort', onAbort, { once: true });
    const timer = timeoutMs
      ? setTimeout(() => stop(`Zeitüberschreitung nach ${seconds(timeoutMs)}.`, 'timeout'), timeoutMs)
      : undefined;
    // VmHWM is gone once the child exits: the last sample before it is the peak (to within the sampling step).
    let peakKb: number | undefined;
    const sample = () => {
      peakKb = highWaterKb(child.pid) ?? peakKb;
    };
    const sampler = options.measureMemory ? setInterval(sample, 50) : undefined;
    const done = () => {
      clearInterval(sampler);
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    };
    child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-STDERR_KEEP);
    });
    // A child that dies before reading its input closes the pipe; the exit code tells what happened.
    child.stdin.on('error', () => {});
    child.on('error', (error) => {
      done();
      reject(stopped ?? error);
    });
    child.on('close', (code) => {
      done();
      if (stopped) reject(stopped);
      else resolve({ code, stdout: Buffer.concat(stdout), stderr, ...(peakKb !== undefined ? { peakKb } : {}) });
    });
    child.stdin.end(options.input);
    if (options.measureMemory) sample();
  });
}

function highWaterKb(pid: number | undefined): number | undefined {
  if (!pid) return undefined;
  try {
    const match = /^VmHWM:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) : undefined;
  } catch {
    return undefined;
  }
}

/** The last line of a program's stderr that says something, for an error message. */
export function lastLine(stderr: string): string {
  const lines = stderr
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  return lines.at(-1) ?? '';
}
