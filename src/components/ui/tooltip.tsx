import { Tooltip as TooltipPrimitive } from 'radix-ui';
import { useEffect, useLayoutEffect, useRef, useState, type ComponentProps, type Ref } from 'react';

/** An icon-only button the pointer entered or focus reached, the event that did (pointerover, focusin), a serial. */
export interface TooltipCue {
  node: HTMLButtonElement;
  event: Event;
  id: number;
}

type Handlers = Pick<
  ComponentProps<'button'>,
  'onPointerMove' | 'onPointerLeave' | 'onPointerDown' | 'onFocus' | 'onBlur' | 'onClick'
>;

// The DOM event of each handler is its name without "on", in lower case (onPointerMove: pointermove).
const FORWARDED: ReadonlyArray<[type: string, prop: keyof Handlers]> = (
  ['onPointerMove', 'onPointerLeave', 'onPointerDown', 'onFocus', 'onBlur', 'onClick'] as const
).map((prop) => [prop.slice(2).toLowerCase(), prop]);

// The buttons that keep a mounted tooltip: the one left and the one entered share the provider's skip delay.
const KEEP = 3;

// A mouse click or a menu handing focus back is no keyboard focus: Radix would open the tooltip for those too.
const keyboardFocus = (node: Element) => {
  try {
    return node.matches(':focus-visible');
  } catch {
    return true;
  }
};

/** Radix's trigger for a button it does not render; no aria-describedby, as the tooltip only repeats the name. */
function Trigger({
  node,
  replay,
  ref,
  ...handlers
}: Handlers & { node: HTMLButtonElement; replay: Event; ref?: Ref<HTMLButtonElement> }) {
  const latest = useRef(handlers);
  useLayoutEffect(() => {
    latest.current = handlers;
  });
  useLayoutEffect(() => {
    if (typeof ref === 'function') {
      const cleanup = ref(node);
      return () => {
        if (typeof cleanup === 'function') cleanup();
        else ref(null);
      };
    }
    if (!ref) return;
    ref.current = node;
    return () => {
      ref.current = null;
    };
  }, [ref, node]);
  useEffect(() => {
    // Radix reads only pointerType and defaultPrevented of these events, which DOM events carry as React's do.
    const run = (prop: keyof Handlers, event: Event) => latest.current[prop]?.(event as never);
    const offs = FORWARDED.map(([type, prop]) => {
      const listener = (event: Event) => {
        if (type !== 'focus' || keyboardFocus(node)) run(prop, event);
      };
      node.addEventListener(type, listener);
      return () => node.removeEventListener(type, listener);
    });
    // The event that brought this button here came before the listeners: the pointer rests on it, or focus is on it.
    if (replay.type === 'pointerover') run('onPointerMove', replay);
    else if (document.activeElement === node && keyboardFocus(node)) run('onFocus', replay);
    return () => offs.forEach((off) => off());
  }, [node, replay]);
  return null;
}

/** The icon-only buttons' tooltips (SPEC §9 delays) under one provider, so moving between buttons skips the delay. */
export default function TooltipLayer({ cue }: { cue: TooltipCue }) {
  const [targets, setTargets] = useState<Array<{ key: number; node: HTMLButtonElement; replay: Event }>>([]);
  const [seen, setSeen] = useState<TooltipCue | null>(null);
  if (cue !== seen) {
    setSeen(cue);
    if (!targets.some((t) => t.node === cue.node))
      setTargets([
        ...targets.filter((t) => t.node.isConnected).slice(1 - KEEP),
        { key: cue.id, node: cue.node, replay: cue.event },
      ]);
  }
  return (
    <TooltipPrimitive.Provider delayDuration={700} skipDelayDuration={300}>
      {targets.map(({ key, node, replay }) => (
        <TooltipPrimitive.Root key={key}>
          <TooltipPrimitive.Trigger asChild>
            <Trigger node={node} replay={replay} />
          </TooltipPrimitive.Trigger>
          <TooltipPrimitive.Portal>
            <TooltipPrimitive.Content
              data-slot="tooltip-content"
              // The button's name already says it: screen readers need not hear it twice.
              aria-hidden
              sideOffset={4}
              className="z-50 max-w-xs rounded-md bg-foreground px-2 py-1 text-xs text-background shadow-md"
            >
              {node.getAttribute('aria-label')}
            </TooltipPrimitive.Content>
          </TooltipPrimitive.Portal>
        </TooltipPrimitive.Root>
      ))}
    </TooltipPrimitive.Provider>
  );
}
