import { useMutation } from '@tanstack/react-query';
import { callWebhook, type WebhookResponse } from '@/lib/webhooks/call';
import type { WebhookService } from '../lib/options';

/** `source` and `version` the first automation service (n8n) receives with the body (SPEC §7). */
export const WEBHOOK_SOURCE = 'newsdesk-video-studio';
export const WEBHOOK_VERSION = '2.0';
const TIMEOUT_MS = 10_000;

export interface VideoTriggerInput {
  service: WebhookService;
  url: string;
  platform: string;
  script: string;
}

/** The body of SPEC §7: {trigger: 'video_studio', data: {platform, script, timestamp}} (+ timestamp, source, version for n8n). */
export function videoTriggerBody(
  { service, platform, script }: Omit<VideoTriggerInput, 'url'>,
  now: Date = new Date(),
): Record<string, unknown> {
  const timestamp = now.toISOString();
  const body = { trigger: 'video_studio', data: { platform, script, timestamp } };
  return service === 'n8n' ? { ...body, timestamp, source: WEBHOOK_SOURCE, version: WEBHOOK_VERSION } : body;
}

/**
 * POSTs the Video Studio trigger straight to the operator's webhook. Zapier is called in no-cors mode
 * (SPEC §7), so its answer is opaque and only a network failure counts as an error. One attempt behind the
 * 'video-webhook' breaker; a failure lands in the error log, and its Retry sends the same body again.
 */
export function triggerVideoWebhook(input: VideoTriggerInput): Promise<WebhookResponse> {
  const url = input.url.trim();
  const json = videoTriggerBody(input);
  const mode = input.service === 'zapier' ? 'no-cors' : undefined;
  return callWebhook(
    { url, method: 'POST', json, timeoutMs: TIMEOUT_MS, mode },
    {
      service: 'video-webhook',
      breaker: true,
      context: { webhook: input.service, trigger: 'video_studio' },
      operation: {
        kind: 'webhook.call',
        args: { service: 'video-webhook', url, method: 'POST', json, mode, timeoutMs: TIMEOUT_MS, breaker: true },
      },
    },
  );
}

export const useTriggerVideoWebhook = () => useMutation({ mutationFn: triggerVideoWebhook });
