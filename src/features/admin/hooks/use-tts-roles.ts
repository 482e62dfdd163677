import { useQuery } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import type { TtsRoles } from '@/db/settings';
import { getTtsRoles, onTtsChange, setTtsRoles } from '@/lib/api/tts';
import { getConfig } from '@/lib/config';
import { useSetting } from '@/db/use-setting';
import { deskSettingsQuery } from '../api/get-desk-settings';

/**
 * The TTS roles Admin shows and switches: on a live desk the server's (settings.get, what the pipeline speaks by), in
 * the demo the browser's (IndexedDB ttsRoles). The server's roles are put in force for lib/api's failover as they arrive.
 */
export function useTtsRoles(): { roles: TtsRoles; live: boolean; loading: boolean } {
  const live = getConfig().apiMode === 'live';
  const server = useQuery({ ...deskSettingsQuery(), enabled: live });
  const [stored] = useSetting('ttsRoles');
  const runtime = useSyncExternalStore(onTtsChange, getTtsRoles);
  const fromServer = live ? server.data?.ttsRoles : undefined;
  useEffect(() => {
    if (fromServer && (fromServer.primary !== getTtsRoles().primary || fromServer.backup !== getTtsRoles().backup))
      setTtsRoles(fromServer);
  }, [fromServer]);
  const roles = live ? (fromServer ?? runtime) : (stored ?? runtime);
  return { roles, live, loading: live && server.isPending };
}
