import { useMutation } from '@tanstack/react-query';
import { generatePrompt } from '@/lib/api/ai';
import { promptKeys } from './keys';

export interface SendPromptInput {
  type: 'content' | 'voice' | 'image';
  parameters: Record<string, unknown>;
}

/** POST /ai/prompt {type, parameters} (SPEC §7); resolves with the model's text. */
export function useSendPrompt(type: SendPromptInput['type']) {
  return useMutation({
    mutationKey: promptKeys.send(type),
    mutationFn: async (parameters: Record<string, unknown>) => (await generatePrompt(type, parameters))?.text ?? '',
  });
}
