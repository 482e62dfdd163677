// Tests of the engines look for their child processes in /proc: an aborted engine must leave none behind.
import { readdirSync, readFileSync } from 'node:fs';

/** Pids of this process's children whose command line contains `needle`. */
export function childrenRunning(needle: string): number[] {
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
      if (ppid !== process.pid || state === 'Z') continue;
      if (readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(needle)) found.push(Number(entry));
    } catch {
      // The process ended while we looked.
    }
  }
  return found;
}

/** Waits until a child matching `needle` runs, so a test can abort it mid-work. */
export async function waitForChild(needle: string, timeoutMs = 10_000): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const [pid] = childrenRunning(needle);
    if (pid) return pid;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`No child process matching ${needle} started within ${timeoutMs} ms.`);
}
