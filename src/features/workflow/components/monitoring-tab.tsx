import { FileText, Loader2, Play, RefreshCw, RotateCcw, Video, Mic, Newspaper } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from '@/components/ui/toast';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Progress } from '@/components/ui/progress';
import { Skeleton } from '@/components/ui/skeleton';
import type { Run, RunArtefact, RunHistoryItem, RunStage } from '@/contract';
import { errorMessage } from '@/lib/http/api-error';
import { isWebAddress } from '@/lib/security/web-address';
import type { WorkflowSettings } from '../hooks/use-workflow-settings';
import { useLogs } from '../api/get-logs';
import { usePipeline } from '../api/get-pipeline';
import { useRuns } from '../api/get-runs';
import { useRetryRun } from '../api/retry-run';
import { useStartAiNews } from '../api/start-ai-news';
import type { WorkflowRuntime } from '../hooks/use-workflow-runtime';
import { MSG } from '../messages';
import { NativeSelect } from '@/components/ui/native-select';
import { Field } from './field';
import { voiceOptions } from '../lib/voices';
import { formatDateTime, formatNumber, formatTime } from '@/lib/format';
import { useOnline } from '@/lib/use-online';
import { deniedProps, useCan } from '@/lib/use-can';

const STEP_LABEL = { completed: 'Fertig', running: 'Läuft', pending: 'Wartend' } as const;
const STEP_TONE = { completed: 'ok', running: 'info', pending: 'neutral' } as const;

function PipelineCard() {
  const pipeline = usePipeline();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Pipeline Steps</CardTitle>
        <CardDescription>
          Live-Monitoring: aktualisiert alle 5 s
          {pipeline.dataUpdatedAt ? ` · Stand ${formatTime(pipeline.dataUpdatedAt)}` : ''}
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        {pipeline.isPending && <Skeleton className="h-24" />}
        {pipeline.isError && (
          <p className="text-sm text-red-700 dark:text-red-400">Pipeline konnte nicht geladen werden.</p>
        )}
        {pipeline.data?.steps.map((step) => (
          <div key={step.id} className="space-y-1" data-testid={`step-${step.id}`}>
            <div className="flex items-center justify-between text-sm">
              <span className="font-medium">{step.name}</span>
              <span className="flex items-center gap-2">
                <span className="tabular-nums text-muted-foreground">{step.progress} %</span>
                <Badge tone={STEP_TONE[step.status]}>{STEP_LABEL[step.status]}</Badge>
              </span>
            </div>
            <Progress value={step.progress} aria-label={`${step.name} Fortschritt`} />
          </div>
        ))}
      </CardContent>
    </Card>
  );
}

const STAGE_LABEL: Record<RunStage['state'], string> = {
  pending: 'Wartend',
  started: 'Läuft',
  finished: 'Fertig',
  failed: 'Fehlgeschlagen',
  skipped: 'Übersprungen',
};
const STAGE_TONE = {
  pending: 'neutral',
  started: 'info',
  finished: 'ok',
  failed: 'error',
  skipped: 'neutral',
} as const;
const RUN_LABEL: Record<Run['status'], string> = {
  running: 'Läuft',
  waiting: 'Wartet auf Prüfung',
  success: 'Erfolgreich',
  failed: 'Fehlgeschlagen',
  rejected: 'Abgelehnt',
};
const HISTORY_LABEL: Record<RunHistoryItem['status'], string> = {
  success: 'Erfolgreich',
  failed: 'Fehlgeschlagen',
  rejected: 'Abgelehnt',
};
const HISTORY_TONE = { success: 'ok', failed: 'error', rejected: 'warn' } as const;
const seconds = (ms: number) => `${formatNumber(ms / 1000, { min: 1, max: 1 })} s`;

function ArtefactTitle({ artefact }: { artefact: RunArtefact }) {
  if (!isWebAddress(artefact.url)) return <>{artefact.title}</>;
  return (
    <a
      href={artefact.url}
      target="_blank"
      rel="noopener noreferrer"
      className="font-medium underline-offset-2 hover:underline"
    >
      {artefact.title}
    </a>
  );
}

/** What the run's stages used and made: the Scraper's items with the sources that carried them, the story. */
function RunArtefacts({ artefacts }: { artefacts: RunArtefact[] }) {
  const items = artefacts.filter((a) => a.kind === 'item');
  const story = artefacts.find((a) => a.kind === 'story');
  const headingId = useId();
  if (items.length === 0 && !story) return null;
  return (
    <div className="space-y-2 rounded-md border p-3 text-sm" data-testid="run-artefacts">
      {items.length > 0 && (
        <>
          <h3 className="font-medium" id={headingId}>
            Quellen dieses Runs
          </h3>
          <ul className="space-y-1" aria-labelledby={headingId}>
            {items.map((item) => (
              <li key={item.id} data-testid={`run-item-${item.id}`}>
                <ArtefactTitle artefact={item} />
                {item.sources?.length ? (
                  <span className="text-xs text-muted-foreground"> · {item.sources.join(', ')}</span>
                ) : null}
              </li>
            ))}
          </ul>
        </>
      )}
      {story && (
        <p data-testid="run-story">
          Meldung: <ArtefactTitle artefact={story} />
        </p>
      )}
    </div>
  );
}

/** The latest run's five stages as the workflow reports them (state, duration, error), refreshed by the event stream. */
function LiveRunCard({ settings }: { settings: WorkflowSettings }) {
  const runs = useRuns();
  const start = useStartAiNews(settings.config, settings.params);
  const mayStart = useCan('workflow.aiNewsStart');
  const latest = runs.data?.[0];
  const onStart = () =>
    start.mutate(undefined, {
      onSuccess: () => toast.success(MSG.triggered, { description: settings.params.topic }),
    });
  return (
    <Card className="lg:col-span-2">
      <CardHeader>
        <CardTitle>Live-Pipeline</CardTitle>
        <CardDescription>
          {latest ? (
            <>
              Letzter Run: {latest.topic} · <span data-testid="live-run-status">{RUN_LABEL[latest.status]}</span>
            </>
          ) : (
            'Noch kein Run über den Server.'
          )}
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        {runs.isPending && <Skeleton className="h-16" />}
        {runs.isError && (
          <p className="text-sm text-red-700 dark:text-red-400" role="alert">
            Runs konnten nicht geladen werden. <span className="block text-xs">{errorMessage(runs.error)}</span>
          </p>
        )}
        {latest && (
          <ol className="grid gap-2 sm:grid-cols-5" aria-label="Stages des letzten Runs">
            {latest.stages.map((stage) => (
              <li
                key={stage.stage}
                className="rounded-md border p-2 text-sm"
                data-testid={`live-stage-${stage.stage}`}
                data-state={stage.state}
              >
                <p className="font-medium">{stage.stage}</p>
                <p className="flex items-center justify-between gap-2">
                  <Badge tone={STAGE_TONE[stage.state]}>{STAGE_LABEL[stage.state]}</Badge>
                  {stage.durationMs !== undefined && (
                    <span className="tabular-nums text-xs text-muted-foreground">{seconds(stage.durationMs)}</span>
                  )}
                </p>
                {stage.error && <p className="mt-1 text-xs text-red-700 dark:text-red-400">{stage.error}</p>}
                {stage.reason && (
                  <p className="mt-1 text-xs text-muted-foreground" data-testid="stage-reason">
                    {stage.reason}
                  </p>
                )}
              </li>
            ))}
          </ol>
        )}
        {latest?.artefacts && <RunArtefacts artefacts={latest.artefacts} />}
        <Button variant="outline" disabled={start.isPending} {...deniedProps(mayStart)} onClick={onStart}>
          {start.isPending ? <Loader2 aria-hidden className="animate-spin" /> : <Play aria-hidden />}Run über den Server
          starten
        </Button>
      </CardContent>
    </Card>
  );
}

function VariablesCard() {
  const pipeline = usePipeline();
  const entries = Object.entries(pipeline.data?.variables ?? {});
  return (
    <Card>
      <CardHeader>
        <CardTitle>Workflow Variables</CardTitle>
      </CardHeader>
      <CardContent>
        {entries.length === 0 ? (
          <p className="text-sm text-muted-foreground">Keine Variablen.</p>
        ) : (
          <dl className="grid gap-2 text-sm">
            {entries.map(([name, value]) => (
              <div key={name} className="flex justify-between gap-4 border-b pb-1 last:border-0">
                <dt className="font-mono text-xs">{name}</dt>
                <dd className="text-right">{value}</dd>
              </div>
            ))}
          </dl>
        )}
      </CardContent>
    </Card>
  );
}

function RunsCard({ workflowId }: { workflowId: string }) {
  const runs = useLogs(workflowId);
  const retry = useRetryRun();
  const mayRetry = useCan('workflow.retry');
  const [logRun, setLogRun] = useState<RunHistoryItem | null>(null);
  const items = runs.data ?? [];
  const onRetry = (run: RunHistoryItem) =>
    retry.mutate(run.id, {
      onSuccess: () => toast.success(MSG.triggered, { description: `${run.topic} (${run.id})` }),
    });
  return (
    <Card>
      <CardHeader>
        <CardTitle>Last {items.length} Runs</CardTitle>
        <CardDescription>GET /workflow/logs/{workflowId || '–'}?limit=10</CardDescription>
      </CardHeader>
      <CardContent>
        {runs.isPending && workflowId && <Skeleton className="h-24" />}
        {runs.isError && (
          <p className="text-sm text-red-700 dark:text-red-400" role="alert">
            Ausführungen konnten nicht geladen werden. <span className="block text-xs">{errorMessage(runs.error)}</span>
          </p>
        )}
        {runs.isSuccess && items.length === 0 && (
          <p className="text-sm text-muted-foreground">Noch keine Ausführungen.</p>
        )}
        <ul className="divide-y" aria-label="Letzte Ausführungen">
          {items.map((run) => (
            <li key={run.id} className="flex flex-wrap items-center gap-2 py-2" data-testid={`run-${run.id}`}>
              <div className="min-w-0 flex-1">
                <p className="truncate font-medium">{run.topic}</p>
                <p className="text-xs text-muted-foreground">
                  {formatDateTime(run.timestamp)} · {run.duration}
                </p>
              </div>
              <Badge tone={HISTORY_TONE[run.status]}>{HISTORY_LABEL[run.status]}</Badge>
              <Button
                size="sm"
                className="min-h-10"
                variant="ghost"
                onClick={() => setLogRun(run)}
                aria-label={`Logs ${run.id}`}
              >
                <FileText aria-hidden />
                Logs
              </Button>
              {run.status === 'failed' && (
                <Button
                  size="sm"
                  className="min-h-10"
                  variant="outline"
                  onClick={() => onRetry(run)}
                  disabled={retry.isPending}
                  {...deniedProps(mayRetry)}
                  aria-label={`Retry ${run.id}`}
                >
                  <RotateCcw aria-hidden />
                  Retry
                </Button>
              )}
            </li>
          ))}
        </ul>
        <Dialog open={logRun !== null} onOpenChange={(open) => !open && setLogRun(null)}>
          <DialogContent>
            <DialogHeader>
              <DialogTitle>Log {logRun?.id}</DialogTitle>
              <DialogDescription>
                {logRun?.topic} · {formatDateTime(logRun?.timestamp)}
              </DialogDescription>
            </DialogHeader>
            <pre
              className="max-h-80 overflow-auto rounded-md bg-muted p-3 text-xs whitespace-pre-wrap"
              data-testid="run-log"
            >
              {(logRun?.log?.length ? logRun.log : ['Kein Log vorhanden.']).join('\n')}
            </pre>
          </DialogContent>
        </Dialog>
      </CardContent>
    </Card>
  );
}

function ManualTriggersCard({ settings, runtime }: { settings: WorkflowSettings; runtime: WorkflowRuntime }) {
  const [voice, setVoice] = useState(settings.params.voice);
  const id = useId();
  // On a live desk a manual action is a workflow.trigger, an Editor's (in the demo the webhook's, as the role's check).
  const mayTrigger = useCan('workflow.trigger');
  return (
    <Card>
      <CardHeader>
        <CardTitle>Manual Triggers</CardTitle>
        <CardDescription>Senden eine Aktion an den Workflow-Webhook.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        <Button
          className="w-full"
          variant="outline"
          disabled={runtime.busy}
          {...deniedProps(mayTrigger)}
          onClick={() => runtime.manualTrigger('force_scrape', 'Scraping erzwungen')}
        >
          <Newspaper aria-hidden />
          Force Scrape
        </Button>
        <div className="flex items-end gap-2">
          <Field id={id} label="Voice" className="flex-1">
            <NativeSelect
              id={id}
              value={voice}
              onValueChange={setVoice}
              options={voiceOptions(settings.params.voice)}
            />
          </Field>
          <Button
            variant="outline"
            disabled={runtime.busy}
            {...deniedProps(mayTrigger)}
            onClick={() => {
              settings.updateParams({ voice });
              runtime.manualTrigger('change_voice', `Stimme: ${voice}`, { voice });
            }}
          >
            <Mic aria-hidden />
            Change Voice
          </Button>
        </div>
        <Button
          className="w-full"
          variant="outline"
          disabled={runtime.busy}
          {...deniedProps(mayTrigger)}
          onClick={() => runtime.manualTrigger('regenerate_video', 'Video wird neu erzeugt')}
        >
          {runtime.busy ? <Loader2 aria-hidden className="animate-spin" /> : <Video aria-hidden />}Regenerate Video
        </Button>
      </CardContent>
    </Card>
  );
}

function SuccessRatesCard({ runtime }: { runtime: WorkflowRuntime }) {
  const pipeline = usePipeline();
  const rates = [
    ...(runtime.status ? [{ name: 'Gesamt', rate: runtime.status.successRate }] : []),
    ...(pipeline.data?.successRates ?? []),
  ];
  return (
    <Card>
      <CardHeader>
        <CardTitle>Success Rates</CardTitle>
      </CardHeader>
      <CardContent className="space-y-2">
        {rates.length === 0 && <p className="text-sm text-muted-foreground">Noch keine Daten.</p>}
        {rates.map((r) => (
          <div key={r.name} className="space-y-1">
            <div className="flex justify-between text-sm">
              <span>{r.name}</span>
              <span className="tabular-nums">{r.rate} %</span>
            </div>
            <Progress
              value={r.rate}
              aria-label={`Erfolgsrate ${r.name}`}
              indicatorClassName={r.rate >= 90 ? 'bg-emerald-600' : r.rate >= 75 ? 'bg-amber-500' : 'bg-red-600'}
            />
          </div>
        ))}
      </CardContent>
    </Card>
  );
}

function SystemStatusCard({ settings, runtime }: { settings: WorkflowSettings; runtime: WorkflowRuntime }) {
  const { config } = settings;
  const online = useOnline();
  const rows: Array<{ name: string; ok: boolean; text: string }> = [
    { name: 'n8n', ok: runtime.connected, text: runtime.connected ? 'Connected' : 'Disconnected' },
    { name: 'Workflow', ok: runtime.workflowActive, text: runtime.workflowActive ? 'Aktiv' : 'Inaktiv' },
    {
      name: 'Status-Endpunkt',
      ok: !!runtime.status,
      text: !config.statusUrl.trim()
        ? 'Nicht konfiguriert'
        : runtime.statusError
          ? 'Fehler'
          : runtime.status
            ? 'OK'
            : '–',
    },
    {
      name: 'Media Upload',
      ok: config.mediaUrl.trim() !== '',
      text: config.mediaUrl.trim() ? 'Konfiguriert' : 'Nicht konfiguriert',
    },
    {
      name: 'Netzwerk',
      ok: online,
      text: online ? 'Online' : 'Offline',
    },
  ];
  return (
    <Card>
      <CardHeader>
        <CardTitle>System Status</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="space-y-2 text-sm">
          {rows.map((row) => (
            <li key={row.name} className="flex items-center justify-between">
              <span>{row.name}</span>
              <Badge tone={row.ok ? 'ok' : 'warn'}>{row.text}</Badge>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

/** Monitoring tab: pipeline, variables, last runs (Logs, Retry on failed), manual triggers, rates, system. */
export function MonitoringTab({ settings, runtime }: { settings: WorkflowSettings; runtime: WorkflowRuntime }) {
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <LiveRunCard settings={settings} />
      <PipelineCard />
      <RunsCard workflowId={settings.config.workflowId} />
      <ManualTriggersCard settings={settings} runtime={runtime} />
      <SuccessRatesCard runtime={runtime} />
      <VariablesCard />
      <SystemStatusCard settings={settings} runtime={runtime} />
      <p className="flex items-center gap-2 text-xs text-muted-foreground lg:col-span-2">
        <RefreshCw aria-hidden className="size-3" />
        Daten werden live nachgeladen, solange dieser Tab offen ist.
      </p>
    </div>
  );
}
