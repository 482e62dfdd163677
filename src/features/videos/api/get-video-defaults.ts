import { useSetting } from '@/db/use-setting';

/** The stored New Video defaults (undefined until IndexedDB answered). */
export const useVideoDefaults = () => useSetting('videoDefaults')[0];
