import { useMutation } from '@tanstack/react-query';
import { savePrompt } from '@/db/prompts';
import { storageFailureMessage } from '@/db/storage-errors';
import { messages } from '../messages';

export const useSaveCustomPrompt = () =>
  useMutation({
    mutationFn: savePrompt,
    meta: { error: messages.customSaveFailed, reason: storageFailureMessage },
  });
