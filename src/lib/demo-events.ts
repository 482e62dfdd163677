// The demo's stand-in for the live desk's change stream (/api/events): the in-page mock announces a change it made by
// itself — a post it published a moment after accepting it — as a window event with the ChangeEvent the server would
// send, and the screen that shows it fetches again. Nothing leaves the page.
import type { ChangeEvent } from '@/contract';

/**
 * The window event's name. The mock writes it out rather than importing this module: a module shared by the mock and a
 * screen becomes a chunk of its own in every screen's preload list (src/mocks/store/social.ts; its test checks the pair).
 */
export const DEMO_CHANGE_EVENT = 'newsdesk:demo-change';

/** Hears the demo backend's changes; returns the function that stops listening. */
export function onDemoChange(listener: (event: ChangeEvent) => void): () => void {
  const handler = (event: Event) => listener((event as CustomEvent<ChangeEvent>).detail);
  window.addEventListener(DEMO_CHANGE_EVENT, handler);
  return () => window.removeEventListener(DEMO_CHANGE_EVENT, handler);
}
