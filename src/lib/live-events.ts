// The live desk's change stream: GET {api}/events as server-sent events, opened with a short-lived ticket (EventSource
// cannot send the Authorization header, and the token never goes into a URL). Reconnects after a drop with a new ticket.
import type { ChangeEvent, ObsServerEvent } from '@/contract';
import { ApiError } from '@/lib/http/api-error';
import { transport } from '@/lib/http/transport';
import {
  credentialMark,
  HANDSHAKE_TIMEOUT_MS,
  isSignedIn,
  operatorAuthHeaders,
  operatorTokenRejected,
  whenOperatorToken,
} from '@/lib/operator-token';

export type { ChangeEvent, ObsServerEvent };

const obsListeners = new Set<(event: ObsServerEvent) => void>();

/** Hears the OBS events of every open stream (lib/obs in server mode); returns the unsubscribe function. */
export function onObsServerEvent(listener: (event: ObsServerEvent) => void): () => void {
  obsListeners.add(listener);
  return () => obsListeners.delete(listener);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
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
  const {
    apiBaseUrl,
    onChange,
    onResync,
    EventSourceImpl = EventSource,
    retryMs = { first: 1000, max: 15_000 },
  } = options;
  const base = apiBaseUrl.replace(/\/+$/, '');
  let source: EventSource | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let closed = false;
  let delay = retryMs.first;
  let dropped = false;
  let checked: Promise<void> = Promise.resolve();
  const closing = new AbortController();

  const retry = () => {
    if (closed) return;
    dropped = true;
    timer = setTimeout(open, delay);
    delay = Math.min(delay * 2, retryMs.max);
  };

  async function open(): Promise<void> {
    if (closed) return;
    // No ticket without a token: the request could only be refused (and counted by the server).
    if (!isSignedIn()) await whenOperatorToken(closing.signal).catch(() => undefined);
    if (closed) return;
    let ticket: string;
    const sent = credentialMark();
    try {
      const answer = await transport(`${base}/events/ticket`, {
        method: 'POST',
        headers: operatorAuthHeaders({}, 'POST'),
        timeoutMs: HANDSHAKE_TIMEOUT_MS,
      });
      const given = typeof answer === 'object' && answer !== null && 'ticket' in answer ? answer.ticket : undefined;
      if (typeof given !== 'string' || !given) return retry();
      ticket = given;
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) {
        // Refused for a token the operator has replaced meanwhile: ask again with the new one, not the operator.
        const current = credentialMark();
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
    // The server lost and regained its own feed of changes: what it missed meanwhile is fetched anew.
    source.addEventListener('resync', () => onResync());
    // Each event is checked against the contract first; one chain keeps the events in order.
    source.addEventListener('change', (message) => {
      const data = (message as MessageEvent<string>).data;
      checked = checked
        .then(async () => {
          const event = (await import('@/contract')).schemas.ChangeEvent.safeParse(parseJson(data));
          // A malformed event changes nothing; the next one or a resync will.
          if (event.success && !closed) onChange(event.data);
        })
        .catch(() => undefined);
    });
    source.addEventListener('obs', (message) => {
      const data = (message as MessageEvent<string>).data;
      checked = checked
        .then(async () => {
          const event = (await import('@/contract')).schemas.ObsServerEvent.safeParse(parseJson(data));
          if (!event.success || closed) return;
          for (const listener of obsListeners) listener(event.data);
        })
        .catch(() => undefined);
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
    closing.abort();
    if (timer) clearTimeout(timer);
    source?.close();
  };
}
