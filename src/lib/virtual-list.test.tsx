import { act, render, screen } from '@testing-library/react';
import { useVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import { useRef } from 'react';
import { measureAfterLayout } from './virtual-list';

// The list that arrives with a screen's data forces no layout in React's commit. TanStack Virtual's default
// reads the scroll box's clientHeight and writes its scroll position (scrollTo) in the layout effect that mounts the list;
// either forces the browser's style and layout into that task.

let virtualizer: Virtualizer<HTMLDivElement, Element> | undefined;
function List({ count }: { count: number }) {
  const box = useRef<HTMLDivElement>(null);
  const v = useVirtualizer({
    count,
    getScrollElement: () => box.current,
    estimateSize: () => 60,
    overscan: 2,
    ...measureAfterLayout<HTMLDivElement>(576),
  });
  virtualizer = v;
  return (
    <div ref={box}>
      <div style={{ height: v.getTotalSize() }}>
        {v.getVirtualItems().map((item) => (
          <div key={item.key} data-testid="row">
            {item.index}
          </div>
        ))}
      </div>
    </div>
  );
}

const observers: FakeResizeObserver[] = [];
class FakeResizeObserver {
  observed: Element[] = [];
  constructor(private readonly callback: ResizeObserverCallback) {
    observers.push(this);
  }
  observe(element: Element) {
    this.observed.push(element);
  }
  unobserve() {}
  disconnect() {
    this.observed = [];
  }
  /** What the browser does after its layout of a frame. */
  report() {
    this.callback([], this as unknown as ResizeObserver);
  }
}

let heightReads = 0;
const scrollTo = vi.fn();
beforeEach(() => {
  heightReads = 0;
  observers.length = 0;
  scrollTo.mockClear();
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockImplementation(() => (heightReads++, 120));
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(800);
  vi.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockReturnValue(60_000);
  Object.defineProperty(HTMLElement.prototype, 'scrollTo', { configurable: true, writable: true, value: scrollTo });
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(HTMLElement.prototype, 'scrollTo');
});

const rows = () => screen.queryAllByTestId('row').map((r) => r.textContent);

test('the first render shows the rows for the largest box, reads no size and writes no scroll position', () => {
  vi.stubGlobal('ResizeObserver', FakeResizeObserver);
  render(<List count={1000} />);
  // 576 px of 60 px rows (0–9) and 2 rows of overscan.
  expect(rows()).toEqual(['0', '1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11']);
  expect(heightReads).toBe(0);
  expect(scrollTo).not.toHaveBeenCalled();
  expect(observers).toHaveLength(1);
  expect(observers[0].observed).toHaveLength(1);
});

test("after the browser's layout the observed size decides the rows", () => {
  vi.stubGlobal('ResizeObserver', FakeResizeObserver);
  render(<List count={1000} />);
  act(() => observers[0].report());
  expect(heightReads).toBeGreaterThan(0);
  // 120 px: rows 0 and 1 in view, 2 of overscan.
  expect(rows()).toEqual(['0', '1', '2', '3']);
});

test('a scroll position the list asks for later is written', () => {
  vi.stubGlobal('ResizeObserver', FakeResizeObserver);
  render(<List count={1000} />);
  act(() => observers[0].report());
  act(() => virtualizer?.scrollToOffset(300));
  expect(scrollTo).toHaveBeenCalledWith(expect.objectContaining({ top: 300 }));
});

test('without a ResizeObserver the size is read at once', () => {
  vi.stubGlobal('ResizeObserver', undefined);
  render(<List count={1000} />);
  expect(heightReads).toBeGreaterThan(0);
  expect(rows()).toEqual(['0', '1', '2', '3']);
});
