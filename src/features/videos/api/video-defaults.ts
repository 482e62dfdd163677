import { useMutation } from '@tanstack/react-query';
import { useLiveQuery } from '@/db/live-query';
import { getSetting, putSetting, type VideoDefaults } from '@/db/settings';

/** The stored New Video defaults (undefined until IndexedDB answered). */
export const useVideoDefaults = () => useLiveQuery(() => getSetting('videoDefaults'), []);

export const useSaveVideoDefaults = () =>
  useMutation({ mutationFn: (value: VideoDefaults) => putSetting('videoDefaults', value) });
