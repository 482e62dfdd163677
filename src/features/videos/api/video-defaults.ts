import { useMutation } from '@tanstack/react-query';
import { useLiveQuery } from 'dexie-react-hooks';
import { getSetting, putSetting, type VideoDefaults } from '@/db/settings';

/** The stored New Video defaults (undefined until IndexedDB answered). */
export const useVideoDefaults = () => useLiveQuery(() => getSetting('videoDefaults'), []);

export const useSaveVideoDefaults = () => useMutation({ mutationFn: (value: VideoDefaults) => putSetting('videoDefaults', value) });
