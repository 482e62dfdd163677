import { errorMessage } from '@/lib/http/api-error';
import { redact, registerSecret } from '@/lib/security/redact';
import { callApi } from './client';
import type { TestResult } from '@/contract';

export const TESTABLE_SERVICES = [
  'openai',
  'elevenlabs',
  'azure',
  'tavus',
  'vidau',
  'modelslab',
  'heygen',
  'did',
  'pexels',
  'unsplash',
] as const;
export type TestableService = (typeof TESTABLE_SERVICES)[number];

/** The provider-specific header that carries the user's key (SPEC §7). */
export function keyHeader(service: TestableService, key: string): Record<string, string> {
  switch (service) {
    case 'openai':
      return { Authorization: `Bearer ${key}` };
    case 'elevenlabs':
      return { 'xi-api-key': key };
    case 'azure':
      return { 'Ocp-Apim-Subscription-Key': key };
    case 'did':
      return { Authorization: `Basic ${key}` };
    case 'pexels':
      return { Authorization: key };
    case 'unsplash':
      return { Authorization: `Client-ID ${key}` };
    case 'heygen':
      return { 'X-Api-Key': key };
    default:
      return { 'x-api-key': key };
  }
}

function isTestable(service: string): service is TestableService {
  return (TESTABLE_SERVICES as readonly string[]).includes(service);
}

/**
 * Tests a provider key: POST /test/openai, GET /test/{service} for the others. Never throws: the result
 * says success, response time and the error; an unknown service gives {success:false, error:'Unknown service'}.
 */
export async function testService(
  service: string,
  key: string,
  options: { record?: boolean } = {},
): Promise<TestResult> {
  const started = performance.now();
  if (!isTestable(service))
    return {
      success: false,
      responseTime: 0,
      error: 'Unknown service',
      status: 'offline',
      lastTested: new Date().toISOString(),
    };
  // The key must never reach the error log, even when a server echoes it back in its error body.
  registerSecret(key);
  try {
    // No key: a live server tests the key it stores (the console never holds it).
    const common = {
      headers: key ? keyHeader(service, key) : {},
      timeoutMs: 10_000,
      service,
      retries: false as const,
      context: { action: 'test' },
      record: options.record,
      operation: { kind: 'service.test' as const, args: service },
    };
    const body = await (service === 'openai'
      ? callApi('test.openai', common)
      : callApi('test.service', { params: { service }, ...common }));
    // A live server answers a provider's refusal as success false with its German reason (a 401 would mean the operator token).
    if (body.success === false)
      return {
        success: false,
        responseTime: Math.round(performance.now() - started),
        error: redact(body.error ?? 'Test fehlgeschlagen'),
        status: 'offline',
        lastTested: new Date().toISOString(),
      };
    return {
      success: true,
      responseTime: Math.round(performance.now() - started),
      status: 'online',
      lastTested: new Date().toISOString(),
    };
  } catch (error) {
    return {
      success: false,
      responseTime: Math.round(performance.now() - started),
      error: redact(errorMessage(error)),
      status: 'offline',
      lastTested: new Date().toISOString(),
    };
  }
}
