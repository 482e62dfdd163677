import { useLiveQuery } from 'dexie-react-hooks';
import { listPrompts } from '@/db/prompts';

/** The saved custom prompts, newest first, live from IndexedDB (undefined while loading). */
export const useCustomPrompts = () => useLiveQuery(() => listPrompts(), []);
