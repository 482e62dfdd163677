// Changes of the stored data, fanned out to every open console: each instance NOTIFYs, every instance LISTENs and
// forwards to its own server-sent-events clients, so an event raised on one instance reaches the clients of all.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { ChangeEvent } from '../../src/contract';
import type { Database } from './db/client';
import type { UrlSigner } from '../http/signing';

export const EVENTS_CHANNEL = 'newsdesk_events';

// The event's schema is the contract's ChangeEvent, which the console checks each event against.
export type { ChangeEvent };

type Listener = (event: ChangeEvent) => void;
/** An OBS event of this instance's own OBS connection (SSE event `obs`; not sent through NOTIFY, every instance has its own). */
export type ObsListener = (event: object) => void;

export class EventHub {
  private listeners = new Set<Listener>();
  private unlisten: (() => Promise<void>) | undefined;
  private obsListeners = new Set<ObsListener>();
  private resyncListeners = new Set<() => void>();
  /** False while the LISTEN connection is lost: changes of other instances do not arrive (the overview says so). */
  listening = false;

  constructor(private readonly database: Database) {}

  async start(): Promise<void> {
    this.unlisten = await this.database.listen(
      EVENTS_CHANNEL,
      (payload) => {
        let event: ChangeEvent;
        try {
          event = JSON.parse(payload) as ChangeEvent;
        } catch {
          return;
        }
        for (const listener of this.listeners) listener(event);
      },
      (state) => {
        this.listening = state === 'restored';
        // Changes made while nobody listened were never heard: every console refetches what it shows.
        if (state === 'restored') for (const listener of this.resyncListeners) listener();
      },
    );
    this.listening = true;
  }

  /** Hears when the consoles must refetch everything (the change stream was interrupted). */
  onResync(listener: () => void): () => void {
    this.resyncListeners.add(listener);
    return () => this.resyncListeners.delete(listener);
  }

  /** Changes raised inside a transaction wait for its commit (see `afterCommit`). */
  private readonly deferred = new AsyncLocalStorage<ChangeEvent[]>();

  /** Runs `work` (a transaction) and raises its changes after commit: never before they are visible, never if rolled back. */
  async afterCommit<T>(work: () => Promise<T>): Promise<T> {
    const held: ChangeEvent[] = [];
    const result = await this.deferred.run(held, work);
    for (const event of held) await this.publish(event);
    return result;
  }

  /** Raises a change for every instance; a failed NOTIFY is logged, never fails the request that changed the data. */
  async publish(event: ChangeEvent): Promise<void> {
    const held = this.deferred.getStore();
    if (held) {
      held.push(event);
      return;
    }
    try {
      await this.database.notify(EVENTS_CHANNEL, JSON.stringify(event));
    } catch (error) {
      console.error('[events] NOTIFY fehlgeschlagen:', (error as Error).message);
    }
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** OBS through the server: an OBS event goes out to this instance's own event-stream clients. */
  publishObs(event: object): void {
    for (const listener of this.obsListeners) listener(event);
  }

  subscribeObs(listener: ObsListener): () => void {
    this.obsListeners.add(listener);
    return () => this.obsListeners.delete(listener);
  }

  get size(): number {
    return this.listeners.size;
  }

  async stop(): Promise<void> {
    this.listeners.clear();
    this.obsListeners.clear();
    this.resyncListeners.clear();
    await this.unlisten?.();
  }
}

const TICKET_TTL_MS = 60_000;

/**
 * Whose stream a ticket opens: the operator token's (`desk`), a user's API token (`token:<user id>:<token id>`) or a
 * user's session (`session:<user id>:<session id>`); the stream ends once its holder may no longer read.
 */
export type StreamHolder = 'desk' | `user:${string}` | `token:${string}:${string}` | `session:${string}:${string}`;

/**
 * A short-lived signed ticket for GET /api/events, bound to its holder: EventSource cannot send Authorization, and a
 * URL carries no credential.
 */
export function issueTicket(
  signer: UrlSigner,
  holder: StreamHolder,
  now = Date.now(),
): { ticket: string; expiresAt: string } {
  const expires = Math.ceil((now + TICKET_TTL_MS) / 1000);
  const who = Buffer.from(holder).toString('base64url');
  return {
    ticket: `${expires}.${who}.${signer.signature('events', holder, expires)}`,
    expiresAt: new Date(expires * 1000).toISOString(),
  };
}

/** The ticket's holder while it is valid and unexpired, else undefined. */
export function checkTicket(signer: UrlSigner, ticket: string | undefined, now = Date.now()): StreamHolder | undefined {
  const [expires, who, signature] = (ticket ?? '').split('.');
  if (!who) return undefined;
  const holder = Buffer.from(who, 'base64url').toString();
  if (!/^(desk|user:[^:]+|(token|session):[^:]+:[^:]+)$/.test(holder)) return undefined;
  return signer.verify('events', holder, expires, signature, now) === 'valid' ? (holder as StreamHolder) : undefined;
}
