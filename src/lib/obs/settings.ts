import { patchSetting, type ObsServerChoice, type ObsSettings } from '@/db/settings';
import { useSetting } from '@/db/use-setting';

export type { ObsServerChoice, ObsSettings };

/** The stored broadcast-software settings (Dexie key 'obs'), undefined while loading. */
export function useObsSettings(): ObsSettings | undefined {
  return useSetting('obs')[0];
}

/** Stores a change to the broadcast-software settings (the password is registered as a secret on the way). */
export function saveObsSettings(patch: Partial<ObsSettings>): Promise<ObsSettings> {
  return patchSetting('obs', patch);
}

/** Server mode: the scene and source picked for an instance (empty: the server uses its own, e.g. OBS_TEXT_SOURCE). */
export function serverChoiceOf(
  settings: ObsSettings | undefined,
  instance: string | null | undefined,
): ObsServerChoice {
  return (instance && settings?.serverChoices?.[instance]) || {};
}
