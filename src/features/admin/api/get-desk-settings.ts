import { useQuery } from '@tanstack/react-query';
import { apiQuery } from '@/lib/api/query';

/** The desk's settings the server acts on (the run schedule, review, the disclosure, on air, the TTS roles). */
export const deskSettingsQuery = () => apiQuery('settings.get');
export const useDeskSettings = () => useQuery(deskSettingsQuery());
