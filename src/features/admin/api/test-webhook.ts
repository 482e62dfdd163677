import { getSetting } from '@/db/settings';
import { confirmedWorkflowHosts, hostOf, type HostChange } from '@/lib/webhooks/credential-hosts';
import { testWebhook as testN8nWebhook } from '@/lib/webhooks/n8n';

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
 * Throws WebhookError.
 */
export async function testWebhook(
  url: string,
  options: { keyConfirmed?: boolean } = {},
): Promise<{ responseTime: number }> {
  const config = await getSetting('workflowConfig');
  const keyAllowed = options.keyConfirmed === true || (await webhookTestHostChange(url)) === null;
  return testN8nWebhook({ ...config, webhookUrl: url, apiKey: keyAllowed ? config.apiKey : undefined });
}
