import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { getConfig } from '@/lib/config';
import { refreshTopic } from '@/lib/api/refresh';
import { connectLiveEvents, onObsServerEvent, type ObsServerEvent } from '@/lib/live-events';
import { OBS_INSTANCES_KEY } from '@/lib/obs/keys';
import { credentialMark, onOperatorTokenNeeded } from '@/lib/operator-token';
import { setSession } from '@/lib/session';
import { onSessionFound, startSession } from '@/lib/session-flow';
import { loadChunk } from './chunk-reload';
import { passwordLinkToken } from './password-link';

// The dialog (Radix, 10 KB gzip) loads when the server first asks for a token, not with every screen of a live desk.
const OperatorTokenDialog = lazy(() =>
  loadChunk(() => import('./operator-token-dialog')).then((m) => ({ default: m.OperatorTokenDialog })),
);

/** OBS events that change the server's instance list (state, scenes); scene and stream events only move lib/obs's state. */
const OBS_LIST_EVENTS: ReadonlySet<ObsServerEvent['type']> = new Set(['connection', 'scenes']);

/**
 * Live mode only: asks for a sign-in (password or token) when a call needs one (none is sent without it, and a 401 asks again), and keeps every screen current
 * through the server's change stream.
 */
export function LiveDesk() {
  const queryClient = useQueryClient();
  // Changes with each sign-in: the change stream is opened anew with the new credentials.
  const [credentials, setCredentials] = useState(credentialMark);
  const [reason, setReason] = useState<'missing' | 'rejected' | 'expired' | undefined>();
  // Once asked, the dialog stays mounted (closed), so that it closes as a dialog does.
  const [asked, setAsked] = useState(false);
  const signedIn = useCallback(() => {
    setCredentials(credentialMark());
    setReason(undefined);
    void queryClient.invalidateQueries();
    // Posts queued while the tab was not signed in go out now.
    void import('@/lib/outbox/drainer').then((m) => m.requestOutboxDrain());
  }, [queryClient]);
  // A window opened while the server was out of reach: its cookie, found valid once it answers, closes the sign-in.
  // A one-time link's dialog (setting a password) stays: the link is what the page was opened for.
  useEffect(() => onSessionFound(() => !passwordLinkToken() && signedIn()), [signedIn]);

  useEffect(() => {
    let stop: (() => void) | undefined;
    let cancelled = false;
    // The start's one `GET /session` first: a console with a valid cookie shows no dialog at all.
    void startSession().then(() => {
      if (cancelled) return;
      // A one-time link (`#passwort=…`) opens the dialog for setting the password, signed in or not.
      if (passwordLinkToken()) {
        setReason('missing');
        setAsked(true);
      }
      stop = onOperatorTokenNeeded((need) => {
        // The user menu and the buttons forget whoever was signed in.
        setSession(undefined);
        setCredentials(undefined);
        setReason(need.reason);
        setAsked(true);
      });
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, []);

  useEffect(
    () =>
      onObsServerEvent((event) => {
        if (OBS_LIST_EVENTS.has(event.type)) void queryClient.invalidateQueries({ queryKey: OBS_INSTANCES_KEY });
      }),
    [queryClient],
  );

  // Re-opened with each new token; without one it waits for the token before it asks for a ticket.
  useEffect(() => {
    return connectLiveEvents({
      apiBaseUrl: getConfig().apiBaseUrl,
      onChange: (event) => {
        // A run's stage event changes the runs, their history and the pipeline, not n8n's own answers (outside the area).
        void refreshTopic(queryClient, event.topic, event.id);
      },
      onResync: () => void queryClient.invalidateQueries(),
    });
  }, [credentials, queryClient]);

  if (!asked) return null;
  return (
    <Suspense fallback={null}>
      <OperatorTokenDialog open={reason !== undefined} reason={reason} onAccepted={signedIn} />
    </Suspense>
  );
}
