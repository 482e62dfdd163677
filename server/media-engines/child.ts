// Runs an engine as its own process (the GPL programs are never loaded into the server) and kills it when the caller
// gives up, so a cancelled or stuck render does not keep a core busy.
import { spawn } from 'node:child_process';

export interface ChildResult {
  code: number | null;
  stdout: Buffer;
  /** The end of stderr: enough for the program's last error line. */
  stderr: string;
}

export interface ChildOptions {
  input?: Uint8Array;
  cwd?: string;
  signal?: AbortSignal;
  timeoutMs?: number;
}

/** Why a child was stopped by us; its message is the German reason shown after the engine's prefix. */
export class ChildStopped extends Error {}

const STDERR_KEEP = 8_000;
const seconds = (ms: number) => (ms >= 1000 ? `${Math.round(ms / 1000)} s` : `${ms} ms`);

/** Runs `command` without a shell, collecting stdout; rejects with ChildStopped when aborted or timed out. */
export function runChild(command: string, args: readonly string[], options: ChildOptions = {}): Promise<ChildResult> {
  const { signal, timeoutMs } = options;
  if (signal?.aborted) return Promise.reject(new ChildStopped('abgebrochen.'));
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: options.cwd, stdio: ['pipe', 'pipe', 'pipe'], windowsHide: true });
    const stdout: Buffer[] = [];
    let stderr = '';
    let stopped: ChildStopped | undefined;
    const stop = (reason: string) => {
      stopped ??= new ChildStopped(reason);
      child.kill('SIGKILL');
    };
    const onAbort = () => stop('abgebrochen.');
    signal?.addEventListener('abort', onAbort, { once: true });
    const timer = timeoutMs ? setTimeout(() => stop(`Zeitüberschreitung nach ${seconds(timeoutMs)}.`), timeoutMs) : undefined;
    const done = () => {
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
      else resolve({ code, stdout: Buffer.concat(stdout), stderr });
    });
    child.stdin.end(options.input);
  });
}

/** The last line of a program's stderr that says something, for an error message. */
export function lastLine(stderr: string): string {
  const lines = stderr.split('\n').map((line) => line.trim()).filter(Boolean);
  return lines.at(-1) ?? '';
}
