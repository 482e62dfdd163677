import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback, useState } from 'react';
import { DEFAULT_SETTINGS, getSetting, putSetting, type ApiKeys, type TriggerParameters, type WorkflowConfig } from '@/db/settings';

/**
 * A setting kept in Dexie that the screen edits: the input shows the local draft at once and every change
 * is written through, so it survives a reload.
 */
function useStoredSetting<K extends 'workflowConfig' | 'triggerParameters'>(key: K) {
  const stored = useLiveQuery(() => getSetting(key), [key]);
  const [draft, setDraft] = useState<(typeof DEFAULT_SETTINGS)[K] | undefined>(undefined);
  const value = draft ?? stored ?? DEFAULT_SETTINGS[key];
  const update = useCallback(
    (patch: Partial<(typeof DEFAULT_SETTINGS)[K]>) => {
      const next = { ...value, ...patch };
      setDraft(next);
      void putSetting(key, next);
    },
    [key, value],
  );
  return { value, update, loaded: stored !== undefined };
}

export interface WorkflowSettings {
  config: WorkflowConfig;
  updateConfig: (patch: Partial<WorkflowConfig>) => void;
  params: TriggerParameters;
  updateParams: (patch: Partial<TriggerParameters>) => void;
  loaded: boolean;
}

/** Workflow config and trigger parameters (SPEC §3), from Dexie with the §9 defaults. */
export function useWorkflowSettings(): WorkflowSettings {
  const config = useStoredSetting('workflowConfig');
  const params = useStoredSetting('triggerParameters');
  return { config: config.value, updateConfig: config.update, params: params.value, updateParams: params.update, loaded: config.loaded && params.loaded };
}

/** Provider keys written by Admin Settings (settings key 'apiKeys'). */
export function useApiKeys(): ApiKeys | undefined {
  return useLiveQuery(() => getSetting('apiKeys'), []);
}
