import { circuitBreaker, ConsecutiveBreaker, CircuitState, handleWhen, type CircuitBreakerPolicy } from 'cockatiel';
import { ApiError } from '@/lib/http/api-error';
import { recordFailure } from './record';

export interface BreakerOptions {
  threshold: number;
  cooldownMs: number;
}

/** SPEC §9 thresholds and cool-downs; video generation gets a stricter breaker. */
export const DEFAULT_BREAKER: BreakerOptions = { threshold: 5, cooldownMs: 60_000 };
export const VIDEO_BREAKER: BreakerOptions = { threshold: 3, cooldownMs: 300_000 };
export const VIDEO_GENERATION_SERVICE = 'video-generation';

/** Services whose breaker differs from the default, so their state reads right before the first call. */
const PRESETS: Record<string, BreakerOptions> = { [VIDEO_GENERATION_SERVICE]: VIDEO_BREAKER };

/** The options a service's breaker has (or will have on first use). */
export function breakerOptionsOf(service: string): BreakerOptions {
  return entries.get(service)?.options ?? PRESETS[service] ?? DEFAULT_BREAKER;
}

export type BreakerStateName = 'closed' | 'open' | 'half-open';

/** SPEC §3 "Circuit breaker state per service". */
export interface BreakerState {
  service: string;
  state: BreakerStateName;
  failures: number;
  lastFailure: number | null;
  threshold: number;
  cooldownMs: number;
}

interface Entry {
  policy: CircuitBreakerPolicy;
  options: BreakerOptions;
  failures: number;
  lastFailure: number | null;
  openedAt: number | null;
}

const entries = new Map<string, Entry>();

/** A cancelled request says nothing about the service's health. */
export function isAbort(error: unknown): boolean {
  return (error instanceof DOMException || error instanceof Error) && error.name === 'AbortError';
}

/** Network errors, time-outs, 5xx, 408 and 429 count; other 4xx are the caller's fault and an abort is no failure. */
export function countsAsServiceFailure(error: unknown): boolean {
  if (isAbort(error)) return false;
  if (error instanceof ApiError && error.code === 'CLIENT_ERROR') return error.status === 408 || error.status === 429;
  return true;
}
const listeners = new Set<() => void>();

function notify() {
  for (const l of listeners) l();
}

/** The breaker of a service, created on first use with the given options. */
export function getBreaker(service: string, options: BreakerOptions = PRESETS[service] ?? DEFAULT_BREAKER): Entry {
  let entry = entries.get(service);
  if (entry) return entry;
  const policy = circuitBreaker(handleWhen(countsAsServiceFailure), {
    halfOpenAfter: options.cooldownMs,
    breaker: new ConsecutiveBreaker(options.threshold),
  });
  const created: Entry = { policy, options, failures: 0, lastFailure: null, openedAt: null };
  policy.onFailure(({ handled }) => {
    if (!handled) return;
    created.failures += 1;
    created.lastFailure = Date.now();
    notify();
  });
  policy.onSuccess(() => {
    created.failures = 0;
    notify();
  });
  policy.onBreak(() => {
    created.openedAt = Date.now();
    const message = `Circuit breaker opened after ${created.failures} failures`;
    console.warn(`[${service}] ${message}`);
    // The operator sees the opening in the error log too, next to the failures that caused it.
    void recordFailure(service, new Error(message), 0, {
      context: { action: 'circuit-breaker', threshold: options.threshold, cooldownMs: options.cooldownMs },
    });
    notify();
  });
  policy.onReset(() => {
    created.failures = 0;
    created.openedAt = null;
    notify();
  });
  policy.onHalfOpen(() => notify());
  entries.set(service, created);
  entry = created;
  return entry;
}

function stateOf(entry: Entry, now: number): BreakerStateName {
  const s = entry.policy.state;
  if (s === CircuitState.HalfOpen) return 'half-open';
  if (s === CircuitState.Open || s === CircuitState.Isolated) {
    // cockatiel moves to half-open lazily on the next call; the screen shows it once the cool-down is over.
    return entry.openedAt !== null && now - entry.openedAt >= entry.options.cooldownMs ? 'half-open' : 'open';
  }
  return 'closed';
}

/** The state of one service's breaker (closed when it has never been used). */
export function breakerState(service: string, now = Date.now()): BreakerState {
  const entry = entries.get(service);
  if (!entry) return { service, state: 'closed', failures: 0, lastFailure: null, ...breakerOptionsOf(service) };
  return {
    service,
    state: stateOf(entry, now),
    failures: entry.failures,
    lastFailure: entry.lastFailure,
    threshold: entry.options.threshold,
    cooldownMs: entry.options.cooldownMs,
  };
}

/** Every breaker that has been used, for the Admin error-log view. */
export function allBreakerStates(now = Date.now()): BreakerState[] {
  return [...entries.keys()].sort().map((s) => breakerState(s, now));
}

export function onBreakerChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Forgets every breaker (tests). */
export function resetBreakers(): void {
  entries.clear();
  notify();
}
