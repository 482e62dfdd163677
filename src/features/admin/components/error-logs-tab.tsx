import { CheckCircle2, Download, Loader2, RotateCcw, Trash2 } from 'lucide-react';
import { memo, useMemo, useState } from 'react';
import { toast } from '@/components/ui/toast';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import type { ErrorLogEntry } from '@/db/db';
import { computeStatistics, resolveError } from '@/db/error-log';
import { storageFailureMessage } from '@/db/storage-errors';
import { allBreakerStates } from '@/lib/resilience/breakers';
import { NOT_RETRYABLE_MESSAGE } from '@/lib/resilience/retry-registry';
import { canRetry, retryOperationId } from '@/lib/retryables';
import { deniedProps, useCan } from '@/lib/use-can';
import { redact } from '@/lib/security/redact';
import { useClearErrors } from '../api/clear-errors';
import { useErrorEntries } from '../api/get-error-entries';
import { useRetryErrorEntry } from '../api/retry-error-entry';
import { dateStamp, downloadJson } from '@/lib/utils/download';
import { buildErrorExport } from '../lib/error-export';
import { compareNames, formatDateTime } from '@/lib/format';
import { messages } from '../messages';
import { API_SERVICES, serviceName } from '../lib/services';
import { BreakerPanel } from './breaker-panel';
import { RetrySettingsCard } from './retry-settings-card';

const BREAKER_SERVICES = API_SERVICES.map((s) => s.id);

function Counter({ label, value, testId }: { label: string; value: number; testId: string }) {
  return (
    <div className="rounded-md border p-3">
      <div className="text-xs text-muted-foreground">{label}</div>
      <div className="text-2xl font-bold" data-testid={testId}>
        {value}
      </div>
    </div>
  );
}

function EntryRowView({ entry }: { entry: ErrorLogEntry }) {
  const retry = useRetryErrorEntry();
  // A Retry sends the recorded call again: it needs that operation's least role.
  const mayRetry = useCan(retryOperationId(entry.operation));
  return (
    <li className="space-y-2 border-b p-3 last:border-b-0" data-testid="error-entry">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-medium">{serviceName(entry.service)}</span>
          <Badge tone={entry.resolved ? 'ok' : 'error'}>{entry.resolved ? 'Resolved' : 'Active'}</Badge>
        </div>
        <span className="text-xs text-muted-foreground">
          {(entry.count ?? 1) > 1 ? `zuletzt ${formatDateTime(entry.timestamp)}` : formatDateTime(entry.timestamp)}
        </span>
      </div>
      {(entry.count ?? 1) > 1 && (
        <p className="text-xs text-muted-foreground" data-testid="entry-count">
          {`${entry.count}× aufgetreten, zuerst ${formatDateTime(entry.firstTimestamp ?? entry.timestamp)}`}
        </p>
      )}
      <p className="break-words font-mono text-xs">{redact(entry.error)}</p>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span
          className="text-xs text-muted-foreground"
          data-testid="entry-retries"
        >{`Retries: ${entry.retryCount}`}</span>
        {!entry.resolved && (
          <div className="flex gap-2">
            <Button
              size="sm"
              variant="ghost"
              aria-label={`Resolve ${serviceName(entry.service)} error`}
              onClick={() =>
                void resolveError(entry.id).catch((error: unknown) => toast.error(storageFailureMessage(error)))
              }
            >
              <CheckCircle2 aria-hidden />
              Resolve
            </Button>
            {canRetry(entry.operation) ? (
              <Button
                size="sm"
                variant="outline"
                disabled={retry.isPending}
                {...deniedProps(mayRetry)}
                aria-label={`Retry ${serviceName(entry.service)}`}
                onClick={() =>
                  retry.mutate(entry, {
                    onSuccess: () =>
                      toast.success(messages.errors.retryOk, { description: serviceName(entry.service) }),
                  })
                }
              >
                {retry.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <RotateCcw aria-hidden />}
                Retry
              </Button>
            ) : (
              // An upload's file, an OBS connection or a breaker notice: nothing to send again.
              <span className="self-center text-xs text-muted-foreground" data-testid="entry-not-retryable">
                {NOT_RETRYABLE_MESSAGE}
              </span>
            )}
          </div>
        )}
      </div>
    </li>
  );
}

// Every change to the log reads all entries anew from IndexedDB (new objects): a row renders again only when what it shows changed.
const sameEntry = (a: ErrorLogEntry, b: ErrorLogEntry) =>
  a.id === b.id &&
  a.timestamp === b.timestamp &&
  a.count === b.count &&
  a.firstTimestamp === b.firstTimestamp &&
  a.service === b.service &&
  a.error === b.error &&
  a.retryCount === b.retryCount &&
  a.resolved === b.resolved &&
  JSON.stringify(a.operation ?? null) === JSON.stringify(b.operation ?? null);
const EntryRow = memo(EntryRowView, (prev, next) => sameEntry(prev.entry, next.entry));

/** SPEC "Error Logs": the list (newest first, at most 100), Retry, Clear All, Export, counters, breakers, retry settings. */
export function ErrorLogsTab() {
  const entries = useErrorEntries();
  const clear = useClearErrors();
  const [confirmOpen, setConfirmOpen] = useState(false);
  const list = useMemo(() => entries ?? [], [entries]);
  const stats = useMemo(() => computeStatistics(list), [list]);

  const exportLogs = () => {
    downloadJson(`error-log-${dateStamp()}.json`, buildErrorExport(list, allBreakerStates()));
    toast.success(messages.errors.exported);
  };

  return (
    <div className="space-y-6">
      <Card>
        <CardHeader className="flex-row flex-wrap items-center justify-between gap-2">
          <CardTitle>Error log</CardTitle>
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" onClick={exportLogs}>
              <Download aria-hidden />
              Export
            </Button>
            <ConfirmDialog
              open={confirmOpen}
              onOpenChange={setConfirmOpen}
              trigger={
                <Button variant="destructive" disabled={list.length === 0}>
                  <Trash2 aria-hidden />
                  Clear All
                </Button>
              }
              title={messages.errors.clearTitle}
              description={messages.errors.clearDescription}
              cancelLabel={messages.errors.cancel}
              confirmLabel={messages.errors.clearConfirm}
              onConfirm={() =>
                clear.mutate(undefined, {
                  onSuccess: () => toast.success(messages.errors.cleared),
                })
              }
            />
          </div>
        </CardHeader>
        <CardContent className="space-y-4">
          <div className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-5">
            <Counter label="Total" value={stats.total} testId="count-total" />
            <Counter label="Active" value={stats.active} testId="count-active" />
            <Counter label="Resolved" value={stats.resolved} testId="count-resolved" />
            <Counter label="Last 24 h" value={stats.last24h} testId="count-24h" />
            <Counter label="Total retries" value={stats.totalRetries} testId="count-retries" />
          </div>
          {Object.keys(stats.byService).length > 0 && (
            <ul className="flex flex-wrap gap-2" aria-label="Errors per service">
              {Object.entries(stats.byService)
                .sort(([a], [b]) => compareNames(a, b))
                .map(([service, count]) => (
                  <li key={service}>
                    <Badge
                      tone="outline"
                      data-testid={`by-service-${service}`}
                    >{`${serviceName(service)}: ${count}`}</Badge>
                  </li>
                ))}
            </ul>
          )}
          {list.length === 0 ? (
            <p className="text-sm text-muted-foreground">{messages.errors.empty}</p>
          ) : (
            <ul
              className="max-h-[24rem] overflow-y-auto rounded-md border"
              data-testid="error-list"
              aria-label="Error log entries"
              tabIndex={0}
            >
              {list.map((entry) => (
                <EntryRow key={entry.id} entry={entry} />
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
      <BreakerPanel services={BREAKER_SERVICES} />
      <RetrySettingsCard />
    </div>
  );
}
