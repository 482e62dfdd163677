import { useLiveQuery } from '@/db/live-query';
import { getSetting } from '@/db/settings';

/** The stored New Video defaults (undefined until IndexedDB answered). */
export const useVideoDefaults = () => useLiveQuery(() => getSetting('videoDefaults'), []);
