import { getSetting } from '@/db/settings';
import { ApiError } from '@/lib/http/api-error';
import { transport } from '@/lib/http/transport';
import { execute } from '@/lib/resilience/execute';
import { testWebhook as testN8nWebhook, WebhookError } from '@/lib/webhooks/n8n';

export type WebhookOutcome = { ok: true; responseTime: number } | { ok: false; kind: 'http' | 'network'; message: string };

/** Only http(s) addresses are called. */
export function isWebhookUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

async function post(url: string, body: Record<string, unknown>, action: string): Promise<WebhookOutcome> {
  const started = performance.now();
  try {
    await execute(() => transport(url, { method: 'POST', json: body, responseType: 'text', timeoutMs: 10_000 }), {
      service: 'webhook', retries: false, context: { action },
    });
    return { ok: true, responseTime: Math.round(performance.now() - started) };
  } catch (error) {
    const http = error instanceof ApiError && error.status > 0 && error.code !== 'CIRCUIT_OPEN';
    return { ok: false, kind: http ? 'http' : 'network', message: error instanceof Error ? error.message : String(error) };
  }
}

/** SPEC §7: a webhook test sends {test, timestamp, source} — the same call as the Workflow screen's test. */
export async function testWebhook(url: string): Promise<WebhookOutcome> {
  try {
    const config = await getSetting('workflowConfig');
    const { responseTime } = await testN8nWebhook({ ...config, webhookUrl: url });
    return { ok: true, responseTime };
  } catch (error) {
    const http = error instanceof WebhookError && error.kind === 'http';
    return { ok: false, kind: http ? 'http' : 'network', message: error instanceof Error ? error.message : String(error) };
  }
}

/** The automation-based TikTok connect: asks the workflow behind the webhook to connect TikTok. */
export function requestTikTokConnect(url: string): Promise<WebhookOutcome> {
  return post(url, { action: 'connect', platform: 'tiktok', timestamp: new Date().toISOString(), source: 'newsdesk-admin', version: '2.0' }, 'tiktok-connect');
}
