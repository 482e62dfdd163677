import { CheckCircle2, Loader2, Radio, XCircle } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { toast } from '@/components/ui/toast';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import type { WorkflowConfig } from '@/db/settings';
import { runConnectionTests, type ConnectionTestItem } from '@/lib/webhooks/n8n';
import type { WorkflowRuntime } from '../hooks/use-workflow-runtime';
import { MSG, testsPassed } from '../messages';

const STATUS_LABEL: Record<ConnectionTestItem['status'], string> = {
  pending: 'Ausstehend',
  success: 'Erfolgreich',
  error: 'Fehler',
};

function StatusIcon({ status, running }: { status: ConnectionTestItem['status']; running: boolean }) {
  if (status === 'success') return <CheckCircle2 aria-hidden className="size-5 text-emerald-600" />;
  if (status === 'error') return <XCircle aria-hidden className="size-5 text-red-600" />;
  return running ? (
    <Loader2 aria-hidden className="size-5 animate-spin text-muted-foreground" />
  ) : (
    <Radio aria-hidden className="size-5 text-muted-foreground" />
  );
}

/** Tests all four endpoints in sequence, then a summary toast (destructive unless all pass). */
function EndpointTests({ config, onWebhook }: { config: WorkflowConfig; onWebhook: (ok: boolean) => void }) {
  const [items, setItems] = useState<ConnectionTestItem[]>([]);
  const [running, setRunning] = useState(false);
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  const run = async () => {
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    setRunning(true);
    try {
      const result = await runConnectionTests(config, { onChange: setItems, signal: current.signal });
      if (result[0].url) onWebhook(result[0].status === 'success');
      const ok = result.filter((i) => i.status === 'success').length;
      const text = testsPassed(ok, result.length);
      if (ok === result.length) toast.success(MSG.connectionDone, { description: text });
      else toast.error(MSG.connectionDone, { description: text });
    } catch {
      // aborted by leaving the tab
    } finally {
      if (controller.current === current) setRunning(false);
    }
  };

  const done = items.filter((i) => i.status !== 'pending').length;
  const ok = items.filter((i) => i.status === 'success').length;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Endpoint Tests</CardTitle>
        <CardDescription>
          Webhook, Gateway, Status und Media nacheinander (500 ms Abstand, 10 s Time-out).
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <Button onClick={() => void run()} disabled={running} aria-busy={running}>
          {running && <Loader2 aria-hidden className="animate-spin" />}
          Test All Endpoints
        </Button>
        {items.length > 0 && (
          <>
            <div className="space-y-1">
              <Progress value={(done / items.length) * 100} aria-label="Fortschritt der Verbindungstests" />
              <p className="text-sm text-muted-foreground" data-testid="connection-summary">
                {testsPassed(ok, items.length)}
              </p>
            </div>
            <ul className="divide-y rounded-md border" aria-label="Endpunkte">
              {items.map((item, index) => (
                <li
                  key={item.name}
                  data-testid={`endpoint-${item.name}`}
                  data-status={item.status}
                  className="flex flex-wrap items-center gap-3 p-3"
                >
                  <StatusIcon
                    status={item.status}
                    running={running && items.findIndex((i) => i.status === 'pending') === index}
                  />
                  <div className="min-w-0 flex-1">
                    <p className="font-medium">{item.name}</p>
                    <p className="truncate text-xs text-muted-foreground">{item.url || 'Keine Adresse konfiguriert'}</p>
                  </div>
                  {item.responseTime !== undefined && (
                    <span className="text-sm tabular-nums text-muted-foreground">{item.responseTime} ms</span>
                  )}
                  {item.error && <span className="text-sm text-red-700 dark:text-red-400">{item.error}</span>}
                  <Badge tone={item.status === 'success' ? 'ok' : item.status === 'error' ? 'error' : 'neutral'}>
                    {STATUS_LABEL[item.status]}
                  </Badge>
                </li>
              ))}
            </ul>
          </>
        )}
      </CardContent>
    </Card>
  );
}

/** Connection Test tab: endpoint tests, webhook test, status check, workflow id and webhook address. */
export function ConnectionTestTab({ config, runtime }: { config: WorkflowConfig; runtime: WorkflowRuntime }) {
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <EndpointTests config={config} onWebhook={runtime.webhookReachable} />
      <Card>
        <CardHeader>
          <CardTitle>Webhook & Status</CardTitle>
          <CardDescription>Einzeltests gegen die konfigurierten Adressen.</CardDescription>
        </CardHeader>
        <CardContent className="space-y-4">
          <dl className="grid gap-2 text-sm">
            <div>
              <dt className="text-muted-foreground">Workflow ID</dt>
              <dd className="font-mono">{config.workflowId || '–'}</dd>
            </div>
            <div>
              <dt className="text-muted-foreground">Webhook URL</dt>
              <dd className="font-mono break-all">{config.webhookUrl || '–'}</dd>
            </div>
          </dl>
          <div className="flex flex-wrap gap-2">
            <Button
              variant="outline"
              onClick={runtime.testWebhook}
              disabled={runtime.testingWebhook}
              aria-busy={runtime.testingWebhook}
            >
              {runtime.testingWebhook && <Loader2 aria-hidden className="animate-spin" />}
              Webhook Test
            </Button>
            <Button
              variant="outline"
              onClick={runtime.checkStatus}
              disabled={runtime.checkingStatus}
              aria-busy={runtime.checkingStatus}
            >
              {runtime.checkingStatus && <Loader2 aria-hidden className="animate-spin" />}
              Status Check
            </Button>
          </div>
          {runtime.status && (
            <p className="text-sm text-muted-foreground" data-testid="status-result">
              {runtime.status.active ? 'Aktiv' : 'Inaktiv'} · {runtime.status.totalExecutions} Ausführungen ·{' '}
              {runtime.status.successRate} % Erfolg
            </p>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
