import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { getConfig } from '@/lib/config';
import { connectLiveEvents, onObsServerEvent, type ChangeEvent, type ObsServerEvent } from '@/lib/live-events';
import { OBS_INSTANCES_KEY } from '@/lib/obs/keys';
import { getOperatorToken, onOperatorTokenNeeded, setOperatorToken, verifyOperatorToken } from '@/lib/operator-token';
import { shellMessages } from './messages';

// The query keys each topic of the server's change stream touches (the screens' key prefixes). A run's stage event
// changes the runs, their history and the pipeline, not the browser's own n8n status check or an uploaded file's state.
const KEYS_BY_TOPIC: Record<ChangeEvent['topic'], ReadonlyArray<readonly string[]>> = {
  posts: [['posts'], ['overview'], ['social']],
  media: [['media'], ['overview']],
  news: [['news'], ['overview']],
  video: [['video'], ['overview']],
  users: [['admin']],
  social: [['social'], ['admin']],
  live: [['live']],
  workflow: [['workflow', 'runs'], ['workflow', 'logs'], ['workflow', 'pipeline'], ['overview']],
};

/** OBS events that change the server's instance list (state, scenes); scene and stream events only move lib/obs's state. */
const OBS_LIST_EVENTS: ReadonlySet<ObsServerEvent['type']> = new Set(['connection', 'scenes']);

/**
 * Live mode only: asks for the operator token when the server wants one (its first 401), and keeps every screen current
 * through the server's change stream.
 */
export function LiveDesk() {
  const queryClient = useQueryClient();
  const [token, setToken] = useState(getOperatorToken);
  const [reason, setReason] = useState<'missing' | 'rejected' | undefined>();

  useEffect(
    () =>
      onOperatorTokenNeeded((need) => {
        setToken(undefined);
        setReason(need.reason);
      }),
    [],
  );

  useEffect(
    () =>
      onObsServerEvent((event) => {
        if (OBS_LIST_EVENTS.has(event.type)) void queryClient.invalidateQueries({ queryKey: OBS_INSTANCES_KEY });
      }),
    [queryClient],
  );

  // Re-opened with each new token; without one it still runs for a backend that needs none (a 401 asks for it).
  useEffect(() => {
    return connectLiveEvents({
      apiBaseUrl: getConfig().apiBaseUrl,
      onChange: (event) => {
        for (const queryKey of KEYS_BY_TOPIC[event.topic] ?? []) void queryClient.invalidateQueries({ queryKey });
      },
      onResync: () => void queryClient.invalidateQueries(),
    });
  }, [token, queryClient]);

  return (
    <OperatorTokenDialog
      open={reason !== undefined}
      rejected={reason === 'rejected'}
      onAccepted={(accepted) => {
        setOperatorToken(accepted);
        setToken(accepted);
        setReason(undefined);
        void queryClient.invalidateQueries();
      }}
    />
  );
}

function OperatorTokenDialog({ open, rejected, onAccepted }: { open: boolean; rejected: boolean; onAccepted: (token: string) => void }) {
  const m = shellMessages.operatorToken;
  const inputId = useId();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const shown = error ?? (rejected ? m.rejected : undefined);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const candidate = value.trim();
    if (!candidate) return setError(m.required);
    setBusy(true);
    const result = await verifyOperatorToken(getConfig().apiBaseUrl, candidate);
    setBusy(false);
    if (result === 'ok') {
      setValue('');
      setError(undefined);
      onAccepted(candidate);
    } else setError(result === 'rejected' ? m.rejected : result === 'throttled' ? m.throttled : m.unreachable);
  };

  return (
    <Dialog open={open}>
      <DialogContent onEscapeKeyDown={(e) => e.preventDefault()} onPointerDownOutside={(e) => e.preventDefault()} onInteractOutside={(e) => e.preventDefault()}>
        <form onSubmit={submit} className="grid gap-4" autoComplete="off">
          <DialogHeader>
            <DialogTitle>{m.title}</DialogTitle>
            <DialogDescription>{m.description}</DialogDescription>
          </DialogHeader>
          <div className="grid gap-2">
            <Label htmlFor={inputId}>{m.label}</Label>
            <Input
              id={inputId}
              type="password"
              autoComplete="off"
              spellCheck={false}
              value={value}
              onChange={(e) => setValue(e.target.value)}
              aria-invalid={shown ? true : undefined}
              aria-describedby={shown ? `${inputId}-error` : undefined}
              autoFocus
            />
            {shown && (
              <p id={`${inputId}-error`} role="alert" className="text-sm text-destructive">
                {shown}
              </p>
            )}
          </div>
          <DialogFooter>
            <Button type="submit" disabled={busy}>
              {m.submit}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
