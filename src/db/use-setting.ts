import { useCallback } from 'react';
import { useLiveQuery } from './live-query';
import { getSetting, patchSetting, type SettingKey, type SettingsMap } from './settings';

/**
 * A browser-side setting, the one way a screen reads and writes one: its value, live from IndexedDB (undefined until
 * IndexedDB answered), and `save`, which merges a change into the stored value and answers the whole.
 */
export function useSetting<K extends SettingKey>(
  key: K,
): [SettingsMap[K] | undefined, (change: Partial<SettingsMap[K]>) => Promise<SettingsMap[K]>] {
  const value = useLiveQuery(() => getSetting(key), [key]);
  const save = useCallback((change: Partial<SettingsMap[K]>) => patchSetting(key, change), [key]);
  return [value, save];
}
