import { AlertTriangle, Radio, Square } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useObs, type StreamHealth, type StreamPhase } from '@/lib/obs';
import { deniedProps, useCan } from '@/lib/use-can';
import { useToggleStream } from '../api/toggle-stream';
import { liveMessages } from '../messages';

/** Congestion (0..1) from which the health panel warns; OBS's own indicator turns red well before 1. */
export const HIGH_CONGESTION = 0.5;

const PHASE_LABEL: Record<StreamPhase, string> = {
  stopped: 'Offline',
  starting: 'Starting…',
  started: 'Live',
  stopping: 'Stopping…',
  reconnecting: 'Reconnecting…',
};

export function formatDuration(ms: number): string {
  const total = Math.floor(ms / 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(total / 3600))}:${pad(Math.floor(total / 60) % 60)}:${pad(total % 60)}`;
}

const percent = (value: number, digits = 1) => `${value.toFixed(digits)} %`;

function HealthPanel({ health }: { health: StreamHealth }) {
  const droppedShare = health.totalFrames > 0 ? (health.droppedFrames / health.totalFrames) * 100 : 0;
  const rows: Array<[string, string]> = [
    ['Duration', formatDuration(health.durationMs)],
    ['Bitrate', health.bitrateKbps === null ? '–' : `${Math.round(health.bitrateKbps)} kb/s`],
    ['Dropped frames', `${health.droppedFrames} / ${health.totalFrames} (${percent(droppedShare)})`],
    ['Skipped frames', String(health.skippedFrames)],
    ['Congestion', percent(health.congestion * 100, 0)],
    ['CPU', percent(health.cpuUsage)],
    ['FPS', health.fps.toFixed(1)],
  ];
  return (
    <div className="space-y-2">
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4" aria-label="Stream health">
        {rows.map(([label, value]) => (
          <div key={label} className="flex flex-col">
            <dt className="text-xs text-muted-foreground">{label}</dt>
            <dd className="font-mono tabular-nums" data-testid={`health-${label.toLowerCase().replace(/\s+/g, '-')}`}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
      {health.congestion >= HIGH_CONGESTION && (
        <p
          role="alert"
          className="flex items-start gap-2 rounded-md bg-amber-500/10 p-2 text-sm text-amber-800 dark:text-amber-300"
        >
          <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden /> {liveMessages.highCongestion}
        </p>
      )}
      {health.reconnecting && (
        <p
          role="alert"
          className="flex items-start gap-2 rounded-md bg-amber-500/10 p-2 text-sm text-amber-800 dark:text-amber-300"
        >
          <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden /> {liveMessages.outputReconnecting}
        </p>
      )}
    </div>
  );
}

/** Start/stop (StartStream/StopStream); state and label follow StreamStateChanged. Health while streaming. */
export function StreamControl() {
  const obs = useObs();
  const toggle = useToggleStream();
  const may = { start: useCan('obs.streamStart'), stop: useCan('obs.streamStop') };
  const connected = obs.status === 'connected';
  const transitioning = obs.streamPhase === 'starting' || obs.streamPhase === 'stopping';
  const action = obs.streaming ? 'stop' : 'start';
  const label =
    obs.streamPhase === 'starting'
      ? 'Starting…'
      : obs.streamPhase === 'stopping'
        ? 'Stopping…'
        : obs.streaming
          ? 'Stop Stream'
          : 'Start Stream';

  return (
    <Card>
      <CardHeader>
        <div className="flex items-center justify-between gap-2">
          <CardTitle>Stream</CardTitle>
          <Badge tone={obs.streaming ? 'error' : 'neutral'} data-testid="stream-phase">
            {PHASE_LABEL[obs.streamPhase]}
          </Badge>
        </div>
        <CardDescription>StartStream / StopStream in OBS</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <Button
          // Not the destructive variant: its dark-theme token fails contrast with white text (axe color-contrast).
          className={obs.streaming ? 'w-full bg-red-700 text-white hover:bg-red-800 sm:w-auto' : 'w-full sm:w-auto'}
          disabled={!connected || transitioning || toggle.isPending}
          {...deniedProps(obs.streaming ? may.stop : may.start)}
          onClick={() => toggle.mutate(action)}
        >
          {obs.streaming ? <Square /> : <Radio />} {label}
        </Button>
        {connected && obs.streaming && obs.health && <HealthPanel health={obs.health} />}
      </CardContent>
    </Card>
  );
}
