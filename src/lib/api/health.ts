import { ApiError, errorMessage } from '@/lib/http/api-error';
import { recordFailure, retryCountOf } from '@/lib/resilience/execute';
import { callApi } from './client';
import type { TestResult } from '@/contract';

export const HEALTH_SERVICES = [
  'openai',
  'elevenlabs',
  'azure',
  'tavus',
  'vidau',
  'modelslab',
  'heygen',
  'did',
] as const;
export type HealthService = (typeof HEALTH_SERVICES)[number];
function isHealthService(value: string): value is HealthService {
  return (HEALTH_SERVICES as readonly string[]).includes(value);
}

/** SPEC §9: the status hook polls every 30000 ms. */
export const HEALTH_POLL_MS = 30_000;
/** SPEC §9: connection test time-out. */
export const HEALTH_TIMEOUT_MS = 10_000;

/**
 * GET /health/{service} (lowercase name), one attempt behind the service's breaker. A failed check throws
 * ApiError 'Health check failed: {statusText}' (the status number when the server sent no text, the
 * error's own message when there was no response at all) and records that message in the error log.
 */
export async function checkHealth(
  service: string,
  signal?: AbortSignal,
  options: { record?: boolean } = {},
): Promise<TestResult> {
  const name = service.toLowerCase();
  const started = performance.now();
  try {
    if (!isHealthService(name))
      throw new ApiError('Unknown service', { code: 'CLIENT_ERROR', status: 404, statusText: 'Unknown service' });
    const body = await callApi('health.service', {
      params: { service: name },
      signal,
      timeoutMs: HEALTH_TIMEOUT_MS,
      service: name,
      retries: false,
      record: false,
    });
    return {
      status: 'online',
      responseTime: Math.round(performance.now() - started),
      lastTested: new Date().toISOString(),
      ...body,
    };
  } catch (error) {
    if (signal?.aborted) throw error;
    const statusText =
      error instanceof ApiError && error.status ? error.statusText || String(error.status) : errorMessage(error);
    const failure = new ApiError(`Health check failed: ${statusText}`, {
      code: error instanceof ApiError ? error.code : 'UNKNOWN',
      status: error instanceof ApiError ? error.status : 0,
      statusText: error instanceof ApiError ? error.statusText : '',
      cause: error,
    });
    // record: false — a Retry from the error log updates the entry it came from instead of adding one.
    if (options.record !== false)
      await recordFailure(name, failure, retryCountOf(error), {
        context: { action: 'health', path: `/health/${name}` },
        operation: { kind: 'health.check', args: name },
      });
    throw failure;
  }
}
