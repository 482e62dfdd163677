import { getSetting } from '@/db/settings';
import { callWebhook } from '@/lib/webhooks/call';
import { testWebhook as testN8nWebhook } from '@/lib/webhooks/n8n';

/** Only http(s) addresses are called. */
export function isWebhookUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** SPEC §7: a webhook test sends {test, timestamp, source} — the same call as the Workflow screen's test. Throws WebhookError. */
export async function testWebhook(url: string): Promise<{ responseTime: number }> {
  const config = await getSetting('workflowConfig');
  return testN8nWebhook({ ...config, webhookUrl: url });
}

/** The automation-based TikTok connect: asks the workflow behind the webhook to connect TikTok. Throws WebhookError. */
export async function requestTikTokConnect(url: string): Promise<void> {
  const json = { action: 'connect', platform: 'tiktok', timestamp: new Date().toISOString(), source: 'newsdesk-admin', version: '2.0' };
  await callWebhook(
    { url, method: 'POST', json, timeoutMs: 10_000 },
    {
      service: 'webhook', breaker: true, context: { action: 'tiktok-connect' },
      operation: { kind: 'webhook.call', args: { service: 'webhook', url, method: 'POST', json, timeoutMs: 10_000, breaker: true } },
    },
  );
}
