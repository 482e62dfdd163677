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

export async function readSettings(db: Db): Promise<DeskSettings> {
  const [row] = await db.select().from(keyValues).where(eq(keyValues.key, KEY));
  // A stored value from an older version may lack a newer field: the defaults fill it.
  const merged = { ...DEFAULT_SETTINGS, ...(row?.value as Partial<DeskSettings> | undefined) };
  const parsed = z.safeParse(schemas.DeskSettings, merged);
  return parsed.success ? parsed.data : DEFAULT_SETTINGS;
}

export async function updateSettings(db: Db, patch: DeskSettingsPatch): Promise<DeskSettings> {
  const current = await readSettings(db);
  const next: DeskSettings = {
    schedule: { ...current.schedule, ...patch.schedule },
    review: patch.review ?? current.review,
    disclosure: { ...current.disclosure, ...patch.disclosure },
    ttsRoles: patch.ttsRoles ?? current.ttsRoles,
    onAir: { ...current.onAir, ...patch.onAir },
    fourEyes: patch.fourEyes ?? current.fourEyes,
  };
  await db
    .insert(keyValues)
    .values({ key: KEY, value: next })
    .onConflictDoUpdate({ target: keyValues.key, set: { value: next } });
  return next;
}
