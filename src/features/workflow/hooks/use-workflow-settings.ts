import { useCallback, useState } from 'react';
import { toast } from '@/components/ui/toast';
import { DEFAULT_SETTINGS, type ApiKeys, type TriggerParameters, type WorkflowConfig } from '@/db/settings';
import { storageFailureMessage } from '@/db/storage-errors';
import { useSetting } from '@/db/use-setting';

/**
 * A setting kept in Dexie that the screen edits: the input shows the local draft at once and every change
 * is written through, so it survives a reload. A write that fails (storage full) keeps the draft on screen,
 * says so once, and marks the input unsaved until a later write succeeds.
 */
function useStoredSetting<K extends 'workflowConfig' | 'triggerParameters'>(key: K) {
  const [stored, save] = useSetting(key);
  const [draft, setDraft] = useState<(typeof DEFAULT_SETTINGS)[K] | undefined>(undefined);
  const [saveFailed, setSaveFailed] = useState(false);
  const value = draft ?? stored ?? DEFAULT_SETTINGS[key];
  const update = useCallback(
    (patch: Partial<(typeof DEFAULT_SETTINGS)[K]>) => {
      const next = { ...value, ...patch };
      setDraft(next);
      save(next).then(
        () => setSaveFailed(false),
        (error: unknown) => {
          setSaveFailed(true);
          toast.error(storageFailureMessage(error), { id: `workflow-save-${key}` });
        },
      );
    },
    [key, value, save],
  );
  return { value, update, loaded: stored !== undefined, saveFailed };
}

export interface WorkflowSettings {
  config: WorkflowConfig;
  updateConfig: (patch: Partial<WorkflowConfig>) => void;
  params: TriggerParameters;
  updateParams: (patch: Partial<TriggerParameters>) => void;
  loaded: boolean;
  /** A write to IndexedDB failed: what is on screen is not stored yet. */
  saveFailed: boolean;
}

/** Workflow config and trigger parameters (SPEC §3), from Dexie with the §9 defaults. */
export function useWorkflowSettings(): WorkflowSettings {
  const config = useStoredSetting('workflowConfig');
  const params = useStoredSetting('triggerParameters');
  return {
    config: config.value,
    updateConfig: config.update,
    params: params.value,
    updateParams: params.update,
    loaded: config.loaded && params.loaded,
    saveFailed: config.saveFailed || params.saveFailed,
  };
}

/** Provider keys written by Admin Settings (settings key 'apiKeys'). */
export function useApiKeys(): ApiKeys | undefined {
  return useSetting('apiKeys')[0];
}
