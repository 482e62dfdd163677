import { elementScroll, type Rect, type VirtualizerOptions, type Virtualizer } from '@tanstack/react-virtual';

type ScrollOptions<T extends Element> = Pick<
  VirtualizerOptions<T, Element>,
  'initialRect' | 'observeElementRect' | 'scrollToFn'
>;

/** The scroll box's size from the ResizeObserver's first report, not a `clientHeight` read that would force layout. */
function observeRectAfterLayout<T extends Element>(
  instance: Virtualizer<T, Element>,
  cb: (rect: Rect) => void,
): (() => void) | undefined {
  const element = instance.scrollElement;
  const view = instance.targetWindow;
  if (!element || !view) return undefined;
  const report = () => cb({ width: Math.round(element.clientWidth), height: Math.round(element.clientHeight) });
  if (!view.ResizeObserver) {
    report();
    return undefined;
  }
  const observer = new view.ResizeObserver(report);
  observer.observe(element, { box: 'content-box' });
  return () => observer.disconnect();
}

// Scroll boxes the virtualizer has written a position to: a new one stands at 0 already.
const written = new WeakSet<Element>();

/** TanStack Virtual writes 0 to a new box and `scrollTo` forces layout; a just-mounted box is at 0, so that write is skipped. */
function scrollAfterMount<T extends Element>(
  offset: number,
  options: { adjustments?: number; behavior?: ScrollBehavior },
  instance: Virtualizer<T, Element>,
) {
  const element = instance.scrollElement;
  if (element && !written.has(element)) {
    written.add(element);
    if (offset + (options.adjustments ?? 0) === 0) return;
  }
  elementScroll(offset, options, instance);
}

/** Options for a virtualized list of at most `maxHeightPx`, measured after layout so rendering data forces none. */
export function measureAfterLayout<T extends Element>(maxHeightPx: number): ScrollOptions<T> {
  return {
    initialRect: { width: 0, height: maxHeightPx },
    observeElementRect: observeRectAfterLayout,
    scrollToFn: scrollAfterMount,
  };
}
