// The live desk's change stream: GET {api}/events as server-sent events, opened with a short-lived ticket (EventSource
// cannot send the Authorization header, and the token never goes into a URL). Reconnects after a drop with a new ticket.
import { ApiError } from '@/lib/http/api-error';
import { transport } from '@/lib/http/transport';
import { getOperatorToken, HANDSHAKE_TIMEOUT_MS, operatorAuthHeaders, operatorTokenRejected } from '@/lib/operator-token';

export interface ChangeEvent {
  topic: 'posts' | 'media' | 'news' | 'video' | 'users' | 'social' | 'live' | 'workflow';
  action: 'created' | 'updated' | 'deleted';
  id?: string;
}

/** OBS through the server (issue 14): an event of the server's OBS connection (SSE event `obs`). */
export type ObsServerEvent =
  | { type: 'scene'; instance: string; sceneName: string }
  | { type: 'scenes'; instance: string; scenes: string[] }
  | { type: 'stream'; instance: string; active: boolean; phase: 'stopped' | 'starting' | 'started' | 'stopping' | 'reconnecting' }
  | { type: 'connection'; instance: string; state: 'connecting' | 'connected' | 'reconnecting' | 'auth-failed' | 'refused' | 'stopped'; code?: number; message?: string; attempt?: number; delayMs?: number };

const obsListeners = new Set<(event: ObsServerEvent) => void>();

/** Hears the OBS events of every open stream (lib/obs in server mode); returns the unsubscribe function. */
export function onObsServerEvent(listener: (event: ObsServerEvent) => void): () => void {
  obsListeners.add(listener);
  return () => obsListeners.delete(listener);
}

export interface LiveEventsOptions {
  apiBaseUrl: string;
  onChange: (event: ChangeEvent) => void;
  /** The stream is open again after a drop: changes in between may have been missed. */
  onResync: () => void;
  EventSourceImpl?: typeof EventSource;
  /** Waits before reconnecting, growing to the maximum. */
  retryMs?: { first: number; max: number };
}

/** Opens the stream and keeps it open; returns the function that closes it for good. */
export function connectLiveEvents(options: LiveEventsOptions): () => void {
  const { apiBaseUrl, onChange, onResync, EventSourceImpl = EventSource, retryMs = { first: 1000, max: 15_000 } } = options;
  const base = apiBaseUrl.replace(/\/+$/, '');
  let source: EventSource | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let closed = false;
  let delay = retryMs.first;
  let dropped = false;

  const retry = () => {
    if (closed) return;
    dropped = true;
    timer = setTimeout(open, delay);
    delay = Math.min(delay * 2, retryMs.max);
  };

  async function open(): Promise<void> {
    if (closed) return;
    let ticket: string;
    const sent = getOperatorToken();
    try {
      const answer = await transport(`${base}/events/ticket`, { method: 'POST', headers: operatorAuthHeaders(), timeoutMs: HANDSHAKE_TIMEOUT_MS });
      const given = typeof answer === 'object' && answer !== null && 'ticket' in answer ? answer.ticket : undefined;
      if (typeof given !== 'string' || !given) return retry();
      ticket = given;
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) {
        // Refused for a token the operator has replaced meanwhile: ask again with the new one, not the operator.
        const current = getOperatorToken();
        if (current !== undefined && current !== sent) return void open();
        operatorTokenRejected();
      }
      return retry();
    }
    if (closed) return;
    source = new EventSourceImpl(`${base}/events?ticket=${encodeURIComponent(ticket)}`);
    source.addEventListener('ready', () => {
      delay = retryMs.first;
      if (dropped) onResync();
      dropped = false;
    });
    source.addEventListener('change', (message) => {
      try {
        onChange(JSON.parse((message as MessageEvent<string>).data) as ChangeEvent);
      } catch {
        // A malformed event changes nothing; the next one or a resync will.
      }
    });
    source.addEventListener('obs', (message) => {
      let event: ObsServerEvent;
      try {
        event = JSON.parse((message as MessageEvent<string>).data) as ObsServerEvent;
      } catch {
        return;
      }
      for (const listener of obsListeners) listener(event);
    });
    source.onerror = () => {
      // The ticket of the automatic reconnect would be stale: close and open afresh with a new one.
      source?.close();
      source = undefined;
      retry();
    };
  }

  void open();
  return () => {
    closed = true;
    if (timer) clearTimeout(timer);
    source?.close();
  };
}
