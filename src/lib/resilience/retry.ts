import { ApiError } from '@/lib/http/api-error';
import type { RetrySettings } from '@/db/settings';

export const DEFAULT_RETRY_SETTINGS: RetrySettings = {
  maxRetries: 3,
  retryDelay: 2000,
  backoffMultiplier: 2,
  retryCondition: 'default',
};

/** SPEC §5 ranges for the retry settings inputs. */
export const RETRY_LIMITS = {
  maxRetries: { min: 1, max: 10, step: 1 },
  retryDelay: { min: 1000, max: 10000, step: 100 },
  backoffMultiplier: { min: 1, max: 5, step: 0.1 },
} as const;

let current: RetrySettings = DEFAULT_RETRY_SETTINGS;

/** The retry settings in force; the Admin screen changes them and they apply at once. */
export function getRetrySettings(): RetrySettings {
  return current;
}

export function setRetrySettings(settings: RetrySettings): void {
  current = settings;
}

/** Backoff before the 1-based retry number `attempt`. */
export function retryDelay(attempt: number, settings: RetrySettings = current): number {
  return Math.round(settings.retryDelay * settings.backoffMultiplier ** (attempt - 1));
}

/** The server could not say whether the provider acted (it took the call, then no answer came). */
export const isUncertain = (error: unknown): boolean =>
  error instanceof ApiError && (error.body?.includes('provider_uncertain') ?? false);

/** SPEC §8 retry eligibility: network error, time-out, 5xx, or a rate-limit message; never an open circuit. */
export function isRetryable(
  error: unknown,
  condition: RetrySettings['retryCondition'] = current.retryCondition,
): boolean {
  if (error instanceof ApiError) {
    if (error.code === 'CIRCUIT_OPEN') return false;
    // The server cannot say whether the provider acted, and answers any repeat the same: nothing to retry.
    if (isUncertain(error)) return false;
    const network = error.code === 'NETWORK_ERROR' || error.code === 'TIMEOUT';
    const server = error.status >= 500 && error.status <= 599;
    if (condition === 'network-only') return network;
    if (condition === 'server-only') return server;
    if (network || server) return true;
  } else if (error instanceof TypeError) {
    if (condition !== 'server-only') return true;
  }
  if (condition !== 'default') return false;
  const text = error instanceof Error ? error.message.toLowerCase() : String(error).toLowerCase();
  return text.includes('rate limit') || text.includes('temporarily unavailable');
}
