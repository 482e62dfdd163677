import { useApiMutation } from '@/lib/api/query';
import { messages } from '../messages';

type PromptType = 'content' | 'voice' | 'image';

const FAILED: Record<PromptType, string> = {
  content: messages.sendFailed,
  voice: messages.sendFailed,
  image: messages.imageFailed,
};

/** POST /ai/prompt {type, parameters} (SPEC §7); answers the model's text. */
export const useSendPrompt = (type: PromptType) =>
  useApiMutation('ai.prompt', (parameters: Record<string, unknown>) => ({ body: { type, parameters } }), {
    meta: { error: FAILED[type] },
  });
