import { ApiError } from '@/lib/http/api-error';
import { transport } from '@/lib/http/transport';
import { execute } from '@/lib/resilience/execute';
import { apiUrl } from './client';
import type { TestResult } from './types';

export const HEALTH_SERVICES = ['openai', 'elevenlabs', 'azure', 'tavus', 'vidau', 'modelslab', 'heygen', 'did'] as const;
export type HealthService = (typeof HEALTH_SERVICES)[number];
export const HEALTH_POLL_MS = 30_000;

/** GET /health/{service} (lowercase). A failed check throws 'Health check failed: {statusText}'. */
export async function checkHealth(service: string, signal?: AbortSignal): Promise<TestResult> {
  const name = service.toLowerCase();
  const started = performance.now();
  try {
    const body = await execute(() => transport<Partial<TestResult> | undefined>(apiUrl(`/health/${name}`), { signal, timeoutMs: 10_000 }), {
      service: name, retries: false, context: { action: 'health' },
    });
    return { success: true, status: 'online', responseTime: Math.round(performance.now() - started), lastTested: new Date().toISOString(), ...body };
  } catch (error) {
    if (error instanceof ApiError && error.status) {
      throw new ApiError(`Health check failed: ${error.statusText || error.status}`, { code: error.code, status: error.status, statusText: error.statusText, cause: error });
    }
    throw error;
  }
}
