import { useMutation } from '@tanstack/react-query';
import { useLiveQuery } from 'dexie-react-hooks';
import { deletePrompt, listPrompts, savePrompt } from '@/db/prompts';

/** The saved custom prompts, newest first, live from IndexedDB (undefined while loading). */
export const useCustomPrompts = () => useLiveQuery(() => listPrompts(), []);

export const useSaveCustomPrompt = () => useMutation({ mutationFn: savePrompt });
export const useDeleteCustomPrompt = () => useMutation({ mutationFn: deletePrompt });
