import { useLiveQuery } from '@/db/live-query';
import { getSetting, patchSetting, type ObsSettings } from '@/db/settings';

export type { ObsSettings };

/** The stored broadcast-software settings (Dexie key 'obs'), undefined while loading. */
export function useObsSettings(): ObsSettings | undefined {
  return useLiveQuery(() => getSetting('obs'), []);
}

/** Stores a change to the broadcast-software settings (the password is registered as a secret on the way). */
export function saveObsSettings(patch: Partial<ObsSettings>): Promise<ObsSettings> {
  return patchSetting('obs', patch);
}
