import type { DeskSettingsPatch } from '@/contract';
import { callApi } from './client';

/** GET /settings: the desk's settings the server acts on (the run schedule). */
export const getDeskSettings = (signal?: AbortSignal) => callApi('settings.get', { signal });
/** PATCH /settings */
export const updateDeskSettings = (patch: DeskSettingsPatch) => callApi('settings.update', { body: patch });
