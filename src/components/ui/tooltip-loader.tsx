import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import type { TooltipCue } from './tooltip';

type Layer = { default: (props: { cue: TooltipCue }) => ReactNode };
// Tooltips that cannot load (offline before the worker had their file) leave the buttons as they are.
const TooltipLayer = lazy(() =>
  import('./tooltip').then(
    (module): Layer => module,
    (): Layer => ({ default: () => null }),
  ),
);

// An icon-only button: named by its aria-label, with no text of its own to read.
function iconButton(target: EventTarget | null): HTMLButtonElement | null {
  const node = target instanceof Element ? target.closest('button[aria-label]') : null;
  return node instanceof HTMLButtonElement && !node.textContent?.trim() ? node : null;
}

/** Loads the tooltips at the first pointer or focus on an icon-only button, keeping them out of first chunks. */
export function Tooltips() {
  const [cue, setCue] = useState<TooltipCue | null>(null);
  useEffect(() => {
    let id = 0;
    const onCue = (event: Event) => {
      const node = iconButton(event.target);
      if (!node || ('pointerType' in event && event.pointerType === 'touch')) return;
      setCue({ node, event, id: id++ });
    };
    document.addEventListener('pointerover', onCue, true);
    document.addEventListener('focusin', onCue, true);
    return () => {
      document.removeEventListener('pointerover', onCue, true);
      document.removeEventListener('focusin', onCue, true);
    };
  }, []);
  return cue ? (
    <Suspense fallback={null}>
      <TooltipLayer cue={cue} />
    </Suspense>
  ) : null;
}
