// The call back to n8n's Wait node with a stage's outcome: n8n answers 409 while it has not yet saved the execution as
// waiting, so a 409, a 5xx or no answer is asked again a moment later (1 s, 2 s, 3 s, 4 s); another refusal is final.
import { withRetry, type Sleep } from '../net/retry';

/** Attempts in all, the first included. */
export const RESUME_ATTEMPTS = 5;

/** An answer worth asking again. */
class NotYet extends Error {}

/** Posts `body` to the Wait node's resume address: undefined once n8n took it, else why not ('HTTP 400', …). */
export async function resumeN8n(
  url: string,
  body: string,
  options: { fetch?: typeof fetch; sleep?: Sleep } = {},
): Promise<string | undefined> {
  const rule = {
    retries: RESUME_ATTEMPTS - 1,
    retryable: () => true,
    delayMs: (retry: number) => retry * 1000,
    sleep: options.sleep,
  };
  try {
    return await withRetry(rule, async () => {
      const response = await (options.fetch ?? fetch)(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body,
        signal: AbortSignal.timeout(15_000),
      });
      if (response.ok) return undefined;
      if (response.status === 409 || response.status >= 500) throw new NotYet(`HTTP ${response.status}`);
      return `HTTP ${response.status}`;
    });
  } catch (error) {
    return error instanceof NotYet ? error.message : 'nicht erreichbar';
  }
}
