import { useLiveQuery } from '@/db/live-query';
import { getSetting, type SettingKey, type SettingsMap } from '@/db/settings';

/** A stored setting, live (undefined until IndexedDB answered). */
export function useSetting<K extends SettingKey>(key: K): SettingsMap[K] | undefined {
  return useLiveQuery(() => getSetting(key), [key]);
}
