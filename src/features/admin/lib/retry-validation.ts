import type { RetrySettings } from '@/db/settings';
import { RETRY_LIMITS } from '@/lib/resilience/retry';
import { messages } from '../messages';

export type RetryField = 'maxRetries' | 'retryDelay' | 'backoffMultiplier';
export type RetryErrors = Partial<Record<RetryField, string>>;

const CONDITIONS: ReadonlyArray<RetrySettings['retryCondition']> = ['default', 'network-only', 'server-only'];

function isStep(value: number, step: number): boolean {
  const n = value / step;
  return Math.abs(n - Math.round(n)) < 1e-6;
}

/** SPEC §5 ranges: retries 1–10, delay 1000–10000 ms, multiplier 1–5 in steps of 0.1. */
export function validateRetrySettings(input: {
  maxRetries: string;
  retryDelay: string;
  backoffMultiplier: string;
  retryCondition: string;
}): { ok: true; value: RetrySettings } | { ok: false; errors: RetryErrors } {
  const errors: RetryErrors = {};
  const parse = (s: string) => (s.trim() === '' ? Number.NaN : Number(s.replace(',', '.')));
  const maxRetries = parse(input.maxRetries);
  const retryDelay = parse(input.retryDelay);
  const backoffMultiplier = parse(input.backoffMultiplier);
  const { maxRetries: mr, retryDelay: rd, backoffMultiplier: bm } = RETRY_LIMITS;
  if (!Number.isInteger(maxRetries) || maxRetries < mr.min || maxRetries > mr.max)
    errors.maxRetries = messages.retry.maxRetries;
  if (!Number.isFinite(retryDelay) || !Number.isInteger(retryDelay) || retryDelay < rd.min || retryDelay > rd.max)
    errors.retryDelay = messages.retry.retryDelay;
  if (
    !Number.isFinite(backoffMultiplier) ||
    backoffMultiplier < bm.min ||
    backoffMultiplier > bm.max ||
    !isStep(backoffMultiplier, bm.step)
  ) {
    errors.backoffMultiplier = messages.retry.backoffMultiplier;
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const retryCondition = (CONDITIONS as readonly string[]).includes(input.retryCondition)
    ? (input.retryCondition as RetrySettings['retryCondition'])
    : 'default';
  return {
    ok: true,
    value: { maxRetries, retryDelay, backoffMultiplier: Math.round(backoffMultiplier * 10) / 10, retryCondition },
  };
}
