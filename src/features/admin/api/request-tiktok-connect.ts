import { callWebhook } from '@/lib/webhooks/call';

/** The automation-based TikTok connect: asks the workflow behind the webhook to connect TikTok. Throws WebhookError. */
export async function requestTikTokConnect(url: string): Promise<void> {
  const json = {
    action: 'connect',
    platform: 'tiktok',
    timestamp: new Date().toISOString(),
    source: 'newsdesk-admin',
    version: '2.0',
  };
  await callWebhook(
    { url, method: 'POST', json, timeoutMs: 10_000 },
    {
      service: 'webhook',
      breaker: true,
      context: { action: 'tiktok-connect' },
      operation: {
        kind: 'webhook.call',
        args: { service: 'webhook', url, method: 'POST', json, timeoutMs: 10_000, breaker: true },
      },
    },
  );
}
