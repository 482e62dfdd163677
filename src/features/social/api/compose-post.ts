import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { Platform } from '@/contract';
import { refreshAfter } from '@/lib/api/query';
import type { SendOutcome } from '@/lib/outbox/send';
import { whenIdle } from '@/lib/idle';
import { messages } from '../messages';

export interface ComposeRequest {
  platforms: Platform[];
  title: string;
  content: string;
  scheduledAt: string | null;
  /** The operator's IANA zone: a scheduled wall-clock time means this zone's time on the server. */
  timeZone?: string;
  /** A Media Library file posted with the text (the server gives each platform its address or bytes). */
  mediaId?: string;
}

export interface ComposeResult {
  outcomes: SendOutcome[];
  /** Platforms that refused the post (4xx), with the German reason; the composer keeps the text. */
  rejected: Array<{ platform: Platform; reason: string }>;
}

// The send path (the outbox, its drain and database code: 2.6 KB gzip) and the wording of a refusal load after the
// screen's first render, when the browser is idle, not before the heading: Social's up-front JS has no room for them.
const loadSend = () => Promise.all([import('@/lib/outbox/send'), import('@/lib/outbox/failure')]);

/** Post Now / Schedule: one post per platform, each sent or put into the outbox (lib/outbox). */
export function useComposePost() {
  const queryClient = useQueryClient();
  useEffect(() => whenIdle(() => void loadSend().catch(() => undefined)), []);
  return useMutation({
    mutationFn: async (req: ComposeRequest): Promise<ComposeResult> => {
      const [{ sendOrQueue }, { failureReason }] = await loadSend();
      const result: ComposeResult = { outcomes: [], rejected: [] };
      // One id for the post on all its platforms: the results list groups them, and Retry resends one of them.
      const postId = `post-${globalThis.crypto.randomUUID()}`;
      for (const [index, platform] of req.platforms.entries()) {
        try {
          result.outcomes.push(
            await sendOrQueue(platform, {
              title: req.title,
              content: req.content,
              scheduledAt: req.scheduledAt,
              postId,
              ...(req.mediaId ? { mediaId: req.mediaId } : {}),
              ...(req.scheduledAt && req.timeZone ? { timeZone: req.timeZone } : {}),
            }),
          );
        } catch (error) {
          // A full outbox stops here: nothing more can be kept safe, and the draft stays in the form. Where the post went
          // out already, the platforms not reached stay picked for a resend, and only they.
          if (error instanceof Error && error.name === 'OutboxQuotaError') {
            if (result.outcomes.length === 0) throw error;
            for (const left of req.platforms.slice(index))
              result.rejected.push({ platform: left, reason: error.message });
            break;
          }
          result.rejected.push({ platform, reason: failureReason(error) });
        }
      }
      return result;
    },
    // The outbox's sends are not this mutation's call: refreshed (before the composer reads the results) after any outcome.
    onSettled: () => refreshAfter(queryClient, 'social.post', undefined, undefined).catch(() => undefined),
    meta: { error: messages.error },
  });
}
