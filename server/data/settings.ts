// Desk-wide settings the server acts on (the run schedule, review, disclosure, TTS roles), in key_values: every instance reads the same values.
import { eq } from 'drizzle-orm';
import * as z from 'zod/mini';
import { schemas, type DeskSettings, type DeskSettingsPatch } from '../../src/contract';
import type { Db } from './db/client';
import { keyValues } from './db/schema';

const KEY = 'desk.settings';

export const DEFAULT_DISCLOSURE = {
  reviewed: 'Dieser Beitrag wurde mit Hilfe von KI aus den genannten Quellen erstellt und von der Redaktion geprüft.',
  automatic:
    'Dieser Beitrag wurde automatisch mit Hilfe von KI aus den genannten Quellen erstellt und ohne redaktionelle Prüfung veröffentlicht.',
};

// Review is on by default: nothing goes out unseen unless the desk chose so. TTS roles as SPEC §4 starts them. A story
// goes on air in OBS only when the desk asks for it.
export const DEFAULT_SETTINGS: DeskSettings = {
  schedule: { enabled: false, everyMinutes: 60 },
  review: true,
  disclosure: DEFAULT_DISCLOSURE,
  ttsRoles: { primary: 'elevenlabs', backup: 'azure' },
  onAir: { enabled: false, mediaSource: '' },
  fourEyes: false,
};

// A stored value from an older version may lack a newer field: the defaults fill it.
function settingsOf(value: unknown): DeskSettings {
  const merged = { ...DEFAULT_SETTINGS, ...(value as Partial<DeskSettings> | undefined) };
  const parsed = z.safeParse(schemas.DeskSettings, merged);
  return parsed.success ? parsed.data : DEFAULT_SETTINGS;
}

export async function readSettings(db: Db): Promise<DeskSettings> {
  const [row] = await db.select().from(keyValues).where(eq(keyValues.key, KEY));
  return settingsOf(row?.value);
}

/**
 * Applies a patch under the row's lock: two saves at once (the review card sends each switch on its own) both count,
 * rather than the later one writing back what it read before the earlier one landed.
 */
export async function updateSettings(db: Db, patch: DeskSettingsPatch): Promise<DeskSettings> {
  return db.transaction(async (tx) => {
    await tx.insert(keyValues).values({ key: KEY, value: DEFAULT_SETTINGS }).onConflictDoNothing();
    const [row] = await tx.select().from(keyValues).where(eq(keyValues.key, KEY)).for('update');
    const next = merge(settingsOf(row?.value), patch);
    await tx.update(keyValues).set({ value: next }).where(eq(keyValues.key, KEY));
    return next;
  });
}

function merge(current: DeskSettings, patch: DeskSettingsPatch): DeskSettings {
  return {
    schedule: { ...current.schedule, ...patch.schedule },
    review: patch.review ?? current.review,
    disclosure: { ...current.disclosure, ...patch.disclosure },
    ttsRoles: patch.ttsRoles ?? current.ttsRoles,
    onAir: { ...current.onAir, ...patch.onAir },
    fourEyes: patch.fourEyes ?? current.fourEyes,
  };
}
