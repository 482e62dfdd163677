import type { DeskSettingsPatch } from '@/contract';
import { useApiMutation } from '@/lib/api/query';
import { serverMessage } from '../lib/server-message';

/** Each card names its own failure (`error`, the toast's title); the description is the server's German message. */
export const useUpdateDeskSettings = (error: string) =>
  useApiMutation('settings.update', (patch: DeskSettingsPatch) => ({ body: patch }), {
    meta: { error, reason: serverMessage },
  });
