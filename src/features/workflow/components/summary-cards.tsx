import { Activity, CheckCircle2, Clock, Hash } from 'lucide-react';
import type * as React from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import type { WorkflowConfig } from '@/db/settings';
import { formatDateTime, formatNumber, formatPercent } from '@/lib/format';
import { cn } from '@/lib/utils/cn';
import type { WorkflowRuntime, WorkflowState } from '../hooks/use-workflow-runtime';

export const STATE_LABEL: Record<WorkflowState, string> = { inactive: 'Inaktiv', active: 'Aktiv', error: 'Fehler' };

function SummaryCard({
  title,
  icon,
  value,
  hint,
  testId,
  valueClass,
}: {
  title: string;
  icon: React.ReactNode;
  value: React.ReactNode;
  hint?: string;
  testId: string;
  valueClass?: string;
}) {
  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between pb-2">
        <CardTitle className="text-sm font-medium">{title}</CardTitle>
        {icon}
      </CardHeader>
      <CardContent>
        <p className={cn('text-2xl font-bold', valueClass)} data-testid={testId}>
          {value}
        </p>
        {hint && <p className="text-xs text-muted-foreground">{hint}</p>}
      </CardContent>
    </Card>
  );
}

/** Workflow status, total runs, success rate, last run (counters from the status address when configured). */
export function SummaryCards({ config, runtime }: { config: WorkflowConfig; runtime: WorkflowRuntime }) {
  const fromStatus = config.statusUrl.trim() !== '';
  const status = runtime.status;
  const stateClass =
    runtime.state === 'active'
      ? 'text-emerald-700 dark:text-emerald-400'
      : runtime.state === 'error'
        ? 'text-red-700 dark:text-red-400'
        : undefined;
  return (
    <section aria-label="Workflow-Übersicht" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      <SummaryCard
        title="Workflow Status"
        testId="summary-status"
        icon={<Activity aria-hidden className="size-4 text-muted-foreground" />}
        value={STATE_LABEL[runtime.state]}
        valueClass={stateClass}
        hint={runtime.workflowActive ? 'n8n meldet: aktiv' : 'n8n meldet: nicht aktiv'}
      />
      <SummaryCard
        title="Total Runs"
        testId="summary-total"
        icon={<Hash aria-hidden className="size-4 text-muted-foreground" />}
        value={status ? formatNumber(status.totalExecutions) : '–'}
        hint={
          fromStatus
            ? runtime.statusError
              ? 'Status-Endpunkt nicht erreichbar'
              : 'vom Status-Endpunkt'
            : 'Status URL nicht konfiguriert'
        }
      />
      <SummaryCard
        title="Success Rate"
        testId="summary-rate"
        icon={<CheckCircle2 aria-hidden className="size-4 text-muted-foreground" />}
        value={status ? formatPercent(status.successRate) : '–'}
      />
      <SummaryCard
        title="Last Run"
        testId="summary-last"
        icon={<Clock aria-hidden className="size-4 text-muted-foreground" />}
        value={<span className="text-base">{formatDateTime(runtime.lastExecution)}</span>}
      />
    </section>
  );
}
