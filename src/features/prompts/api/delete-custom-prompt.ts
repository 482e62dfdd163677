import { useMutation } from '@tanstack/react-query';
import { deletePrompt } from '@/db/prompts';

export const useDeleteCustomPrompt = () => useMutation({ mutationFn: deletePrompt });
