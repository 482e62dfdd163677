// The demo's stand-in for /api/events: the in-page mock announces its own changes as window events.
import type { ChangeEvent } from '@/contract';

/** The mock writes this name out, not imports it: a shared module would be a chunk in every screen's preload list. */
export const DEMO_CHANGE_EVENT = 'newsdesk:demo-change';

/** Hears the demo backend's changes; returns the function that stops listening. */
export function onDemoChange(listener: (event: ChangeEvent) => void): () => void {
  const handler = (event: Event) => listener((event as CustomEvent<ChangeEvent>).detail);
  window.addEventListener(DEMO_CHANGE_EVENT, handler);
  return () => window.removeEventListener(DEMO_CHANGE_EVENT, handler);
}
