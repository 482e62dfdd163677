import { useQueryClient } from '@tanstack/react-query';
import { createElement, useEffect, useReducer } from 'react';
import { toast } from '@/components/ui/toast';
import type { TriggerParameters, WorkflowConfig } from '@/db/settings';
import { whenIdle } from '@/lib/idle';
import type { WebhookAction } from '@/lib/webhooks/failure-toasts';
import type { StatusResponse } from '@/lib/webhooks/n8n';
import { n8nStatusQuery, useN8nStatus } from '../api/get-n8n-status';
import { useTestWebhook } from '../api/test-webhook';
import { startsThroughServer, useTriggerWorkflow } from '../api/trigger-workflow';
import { NetworkDescription } from '../components/network-description';
import { MSG } from '../messages';

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

/** What the screen knows beyond n8n's status answer; `reach` null: nothing happened yet, the status answer decides. */
export interface RuntimeState {
  state: WorkflowState;
  reach: { connected: boolean; workflowActive: boolean } | null;
  lastExecution: string | null;
  checkingStatus: boolean;
}

export type RuntimeEvent =
  | { type: 'started'; at: string }
  | { type: 'startFailed' }
  /** The webhook answered; whether the workflow is active stays what was known (else `active`, the status answer). */
  | { type: 'reached'; active: boolean }
  | { type: 'unreachable' }
  | { type: 'statusCheckStarted' }
  | { type: 'statusChecked'; active: boolean }
  | { type: 'statusCheckFailed' };

export const initialRuntime: RuntimeState = {
  state: 'inactive',
  reach: null,
  lastExecution: null,
  checkingStatus: false,
};

const DOWN = { connected: false, workflowActive: false } as const;

/**
 * SPEC §4's workflow status: inactive → active after a successful trigger, error after a failed one; connected and
 * workflowActive true after a success, false after a failed trigger, test or status check.
 */
export function runtimeReducer(current: RuntimeState, event: RuntimeEvent): RuntimeState {
  switch (event.type) {
    case 'started':
      return {
        ...current,
        state: 'active',
        reach: { connected: true, workflowActive: true },
        lastExecution: event.at,
      };
    case 'startFailed':
      return { ...current, state: 'error', reach: DOWN };
    case 'reached':
      return {
        ...current,
        reach: { connected: true, workflowActive: current.reach?.workflowActive ?? event.active },
      };
    case 'unreachable':
      return { ...current, reach: DOWN };
    case 'statusCheckStarted':
      return { ...current, checkingStatus: true };
    case 'statusChecked':
      return { ...current, reach: { connected: true, workflowActive: event.active }, checkingStatus: false };
    case 'statusCheckFailed':
      return { ...current, reach: DOWN, checkingStatus: false };
  }
}

// The failure toasts' table loads once the browser is idle, not before the heading (the screen's JS budget).
const loadFailureToast = () => import('@/components/ui/failure-toast');
/** The SPEC §8 toast of a failed call (lib/webhooks' table); a network failure adds where CORS is set. */
function toastFailure(action: WebhookAction, error?: unknown) {
  void loadFailureToast().then(({ showFailureToast }) =>
    showFailureToast(action, error, { networkHint: (text) => createElement(NetworkDescription, { text }) }),
  );
}

/** The workflow's status (runtimeReducer) and the actions with their SPEC §8 toasts. */
export function useWorkflowRuntime(config: WorkflowConfig, params: TriggerParameters): WorkflowRuntime {
  const queryClient = useQueryClient();
  const [runtime, dispatch] = useReducer(runtimeReducer, initialRuntime);
  useEffect(() => whenIdle(() => void loadFailureToast().catch(() => undefined)), []);
  const status = useN8nStatus(config);
  const trigger = useTriggerWorkflow(config, params);
  const webhookTest = useTestWebhook(config);

  const hasWebhook = config.webhookUrl.trim() !== '';
  const webhookMissing = !hasWebhook && !startsThroughServer();
  const statusActive = status.data?.active ?? false;

  /** One start of the workflow: its success toast, or the SPEC §8 failure toast of the button it came from. */
  const start = (
    action: WebhookAction,
    extra: Record<string, unknown> | undefined,
    onStarted: (id?: string) => void,
  ) => {
    if (webhookMissing) return toastFailure(action);
    trigger.mutate(extra, {
      onSuccess: (result) => {
        dispatch({ type: 'started', at: new Date().toISOString() });
        onStarted(result.executionId);
      },
      onError: (error) => {
        dispatch({ type: 'startFailed' });
        toastFailure(action, error);
      },
    });
  };

  // Header button: the n8n hook's toasts ('n8n Workflow gestartet', 'n8n Verbindung fehlgeschlagen', …).
  const startFromHeader = () =>
    start('n8n-start', undefined, (executionId) =>
      toast.success(MSG.n8nStarted, {
        description: executionId ? `Ausführung ${executionId} · ${params.topic}` : params.topic,
      }),
    );

  // n8n Setup → Start Workflow: 'Workflow ausgelöst' / 'Workflow-Fehler'.
  const startFromSetup = () =>
    start('setup-start', undefined, () => toast.success(MSG.triggered, { description: params.topic }));

  // Monitoring → manual triggers: the same webhook with an action; failures say 'Workflow Fehler'.
  const manualTrigger = (action: string, label: string, extra: Record<string, unknown> = {}) =>
    start('manual-trigger', { action, ...extra }, () => toast.success(MSG.triggered, { description: label }));

  const testWebhook = () => {
    if (!hasWebhook) return toastFailure('webhook-test');
    webhookTest.mutate(undefined, {
      onSuccess: (result) => {
        dispatch({ type: 'reached', active: statusActive });
        toast.success(MSG.webhookOk, { description: `${result.responseTime} ms` });
      },
      onError: (error) => {
        dispatch({ type: 'unreachable' });
        toastFailure('webhook-test', error);
      },
    });
  };

  const checkStatus = () => {
    if (!config.statusUrl.trim()) return toastFailure('status-check');
    dispatch({ type: 'statusCheckStarted' });
    queryClient.fetchQuery({ ...n8nStatusQuery(config), staleTime: 0 }).then(
      (result) => {
        dispatch({ type: 'statusChecked', active: result.active });
        toast.success(MSG.statusChecked, {
          description: `${result.active ? 'Aktiv' : 'Inaktiv'} · ${result.totalExecutions} Ausführungen · ${result.successRate} %`,
        });
      },
      (error: unknown) => {
        dispatch({ type: 'statusCheckFailed' });
        toastFailure('status-check', error);
      },
    );
  };

  return {
    state: runtime.state,
    connected: runtime.reach?.connected ?? status.isSuccess,
    workflowActive: runtime.reach?.workflowActive ?? statusActive,
    lastExecution: runtime.lastExecution,
    status: status.data,
    statusError: status.isError,
    busy: trigger.isPending,
    webhookMissing,
    testingWebhook: webhookTest.isPending,
    checkingStatus: runtime.checkingStatus,
    startFromHeader,
    startFromSetup,
    manualTrigger,
    testWebhook,
    checkStatus,
    webhookReachable: (ok: boolean) =>
      dispatch(ok ? { type: 'reached', active: statusActive } : { type: 'unreachable' }),
  };
}
