import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { toast } from '@/components/ui/toast';
import type { TriggerParameters, WorkflowConfig } from '@/db/settings';
import { whenIdle } from '@/lib/idle';
import type { WebhookAction } from '@/lib/webhooks/failure-toasts';
import type { StatusResponse } from '@/lib/webhooks/n8n';
import { startsThroughServer, statusQueryOptions, useTestWebhook, useTriggerWorkflow } from '../api/workflow-queries';
import { corsHint, MSG } from '../messages';

export type WorkflowState = 'inactive' | 'active' | 'error';

/** SPEC §3 "Workflow status" as the screen holds it. */
export interface WorkflowRuntime {
  state: WorkflowState;
  connected: boolean;
  workflowActive: boolean;
  lastExecution: string | null;
  status: StatusResponse | undefined;
  statusError: boolean;
  busy: boolean;
  /** A start would be refused for want of a webhook address (the demo; a live desk's server starts runs without one). */
  webhookMissing: boolean;
  testingWebhook: boolean;
  checkingStatus: boolean;
  startFromHeader: () => void;
  startFromSetup: () => void;
  manualTrigger: (action: string, label: string, extra?: Record<string, unknown>) => void;
  testWebhook: () => void;
  checkStatus: () => void;
  /** The connection test's webhook row: OK means connected, a failure disconnects (SPEC §4). */
  webhookReachable: (ok: boolean) => void;
}

/** The network-failure description: the spec's text, and where CORS is set in n8n. */
export function NetworkDescription({ text }: { text: string }) {
  return (
    <span className="flex flex-col gap-1">
      <span>{text}</span>
      <span className="text-xs opacity-80">{corsHint(window.location.origin)}</span>
    </span>
  );
}

/** The SPEC §8 toast of a failed call (lib/webhooks' table); a network failure adds where CORS is set. */
// The failure toasts' table (0.9 KB gzip) loads after the screen's first render, not before its heading: workflow's
// up-front JS was 160.6 KB with it (budget 160). It is fetched when the browser is idle (useWorkflowRuntime), so that
// a failure's toast, even one on the first click, waits for nothing but a resolved promise.
const loadFailureToast = () => import('@/components/ui/failure-toast');
function toastFailure(action: WebhookAction, error?: unknown) {
  void loadFailureToast().then(({ showFailureToast }) =>
    showFailureToast(action, error, { networkHint: (text) => <NetworkDescription text={text} /> }),
  );
}

/**
 * The workflow's state machine of SPEC §4 (inactive → active after a successful trigger, error after a
 * failed one; connected/workflowActive true after success, false after a failed trigger or test) and the
 * actions with their SPEC §8 toasts.
 */
export function useWorkflowRuntime(config: WorkflowConfig, params: TriggerParameters): WorkflowRuntime {
  const queryClient = useQueryClient();
  const [state, setState] = useState<WorkflowState>('inactive');
  const [flags, setFlags] = useState<{ connected: boolean; workflowActive: boolean } | null>(null);
  const [lastExecution, setLastExecution] = useState<string | null>(null);
  const [checkingStatus, setCheckingStatus] = useState(false);
  useEffect(() => whenIdle(() => void loadFailureToast().catch(() => undefined)), []);
  const status = useQuery(statusQueryOptions(config));
  const trigger = useTriggerWorkflow(config, params);
  const webhookTest = useTestWebhook(config);

  const succeeded = () => {
    setState('active');
    setFlags({ connected: true, workflowActive: true });
    setLastExecution(new Date().toISOString());
  };
  const failed = () => {
    setState('error');
    setFlags({ connected: false, workflowActive: false });
  };
  const hasWebhook = config.webhookUrl.trim() !== '';
  const webhookMissing = !hasWebhook && !startsThroughServer();

  // Header button: the n8n hook's toasts ('n8n Workflow gestartet', 'n8n Verbindung fehlgeschlagen', …).
  const startFromHeader = () => {
    if (webhookMissing) return toastFailure('n8n-start');
    trigger.mutate(undefined, {
      onSuccess: (result) => {
        succeeded();
        toast.success(MSG.n8nStarted, {
          description: result.executionId ? `Ausführung ${result.executionId} · ${params.topic}` : params.topic,
        });
      },
      onError: (error) => {
        failed();
        toastFailure('n8n-start', error);
      },
    });
  };

  // n8n Setup → Start Workflow: 'Workflow ausgelöst' / 'Workflow-Fehler'.
  const startFromSetup = () => {
    if (webhookMissing) return toastFailure('setup-start');
    trigger.mutate(undefined, {
      onSuccess: () => {
        succeeded();
        toast.success(MSG.triggered, { description: params.topic });
      },
      onError: (error) => {
        failed();
        toastFailure('setup-start', error);
      },
    });
  };

  // Monitoring → manual triggers: the same webhook with an action; failures say 'Workflow Fehler'.
  const manualTrigger = (action: string, label: string, extra: Record<string, unknown> = {}) => {
    if (webhookMissing) return toastFailure('manual-trigger');
    trigger.mutate(
      { action, ...extra },
      {
        onSuccess: () => {
          succeeded();
          toast.success(MSG.triggered, { description: label });
        },
        onError: (error) => {
          failed();
          toastFailure('manual-trigger', error);
        },
      },
    );
  };

  const testWebhook = () => {
    if (!hasWebhook) return toastFailure('webhook-test');
    webhookTest.mutate(undefined, {
      onSuccess: (result) => {
        setFlags((f) => ({ connected: true, workflowActive: f?.workflowActive ?? status.data?.active ?? false }));
        toast.success(MSG.webhookOk, { description: `${result.responseTime} ms` });
      },
      onError: (error) => {
        setFlags({ connected: false, workflowActive: false });
        toastFailure('webhook-test', error);
      },
    });
  };

  const checkStatus = () => {
    if (!config.statusUrl.trim()) return toastFailure('status-check');
    setCheckingStatus(true);
    queryClient
      .fetchQuery({ ...statusQueryOptions(config), staleTime: 0 })
      .then((result) => {
        setFlags({ connected: true, workflowActive: result.active });
        toast.success(MSG.statusChecked, {
          description: `${result.active ? 'Aktiv' : 'Inaktiv'} · ${result.totalExecutions} Ausführungen · ${result.successRate} %`,
        });
      })
      .catch((error: unknown) => {
        setFlags({ connected: false, workflowActive: false });
        toastFailure('status-check', error);
      })
      .finally(() => setCheckingStatus(false));
  };

  return {
    state,
    connected: flags?.connected ?? status.isSuccess,
    workflowActive: flags?.workflowActive ?? status.data?.active ?? false,
    lastExecution,
    status: status.data,
    statusError: status.isError,
    busy: trigger.isPending,
    webhookMissing,
    testingWebhook: webhookTest.isPending,
    checkingStatus,
    startFromHeader,
    startFromSetup,
    manualTrigger,
    testWebhook,
    checkStatus,
    webhookReachable: (ok: boolean) =>
      setFlags((f) =>
        ok
          ? { connected: true, workflowActive: f?.workflowActive ?? status.data?.active ?? false }
          : { connected: false, workflowActive: false },
      ),
  };
}
