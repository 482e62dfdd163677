import { getSetting } from '@/db/settings';
import { ApiError } from '@/lib/http/api-error';
import { transport } from '@/lib/http/transport';
import { execute } from '@/lib/resilience/execute';
import { confirmedWorkflowHosts, hostOf, type HostChange } from '@/lib/webhooks/credential-hosts';
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

/**
 * The host change a webhook test to `url` would make for the stored bearer key: null when no key is stored or the URL
 * is on a host of the Workflow screen's addresses, which the operator confirmed.
 */
export async function webhookTestHostChange(url: string): Promise<HostChange | null> {
  const config = await getSetting('workflowConfig');
  const to = hostOf(url);
  if (!config.apiKey?.trim() || !to || confirmedWorkflowHosts(config).has(to)) return null;
  return { label: 'Webhook URL', from: hostOf(config.webhookUrl), to };
}

/**
 * SPEC §7: a webhook test sends {test, timestamp, source} — the same call as the Workflow screen's test. The stored
 * bearer key goes along only to a confirmed host (see webhookTestHostChange) or when the operator agreed to this one.
 */
export async function testWebhook(url: string, options: { keyConfirmed?: boolean } = {}): Promise<WebhookOutcome> {
  try {
    const config = await getSetting('workflowConfig');
    const keyAllowed = options.keyConfirmed === true || (await webhookTestHostChange(url)) === null;
    const { responseTime } = await testN8nWebhook({ ...config, webhookUrl: url, apiKey: keyAllowed ? config.apiKey : undefined });
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
