import { elementScroll, type Rect, type VirtualizerOptions, type Virtualizer } from '@tanstack/react-virtual';

type ScrollOptions<T extends Element> = Pick<
  VirtualizerOptions<T, Element>,
  'initialRect' | 'observeElementRect' | 'scrollToFn'
>;

/**
 * The size of the scroll box, from the ResizeObserver's first report (after the browser's own layout of the frame)
 * instead of a read of `clientHeight` in the layout effect that mounts the list: that read forces the page's whole
 * style and layout into the task that rendered the data. Without a ResizeObserver (jsdom) it reads the size at once,
 * as TanStack Virtual's default does.
 */
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

/**
 * TanStack Virtual writes the scroll position (0) as soon as it meets a new scroll box, in the same layout effect, and
 * `scrollTo` forces a layout there too; a box just mounted is at 0, so that first write of 0 is left out.
 */
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

/**
 * Options for a virtualized list in a scroll box of at most `maxHeightPx`: it renders its first rows for that height
 * and measures the box after the browser's layout, so the task that renders arriving data forces no layout
 * (a profile of the posts and AI news screens at 4× CPU: 23–31 ms of that task's 40–80 ms were the forced layout).
 */
export function measureAfterLayout<T extends Element>(maxHeightPx: number): ScrollOptions<T> {
  return {
    initialRect: { width: 0, height: maxHeightPx },
    observeElementRect: observeRectAfterLayout,
    scrollToFn: scrollAfterMount,
  };
}
