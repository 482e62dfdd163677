import { act, render, renderHook, screen } from '@testing-library/react';
import { nextViewerCount, useViewerCounter, viewerSplit } from './use-viewer-counter';
import { ViewerCounter } from '../components/viewer-counter';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

test('one tick moves by -2..+2 and never below 0', () => {
  expect(nextViewerCount(10, () => 0)).toBe(8);
  expect(nextViewerCount(10, () => 0.2)).toBe(9);
  expect(nextViewerCount(10, () => 0.5)).toBe(10);
  expect(nextViewerCount(10, () => 0.7)).toBe(11);
  expect(nextViewerCount(10, () => 0.999)).toBe(12);
  expect(nextViewerCount(1, () => 0)).toBe(0);
  expect(nextViewerCount(0, () => 0)).toBe(0);
});

test('the split is YouTube 60 %, Facebook 30 %, Twitch 10 %', () => {
  expect(viewerSplit(100)).toEqual({ youtube: 60, facebook: 30, twitch: 10 });
  expect(viewerSplit(0)).toEqual({ youtube: 0, facebook: 0, twitch: 0 });
  expect(viewerSplit(7)).toEqual({ youtube: 4, facebook: 2, twitch: 0 });
});

test('the counter changes every 5 s only while streaming and resets to 0 on start and stop', () => {
  vi.spyOn(Math, 'random').mockReturnValue(0.999); // +2 per tick
  const { result, rerender } = renderHook(({ streaming }) => useViewerCounter(streaming), {
    initialProps: { streaming: false },
  });
  act(() => vi.advanceTimersByTime(15_000));
  expect(result.current).toBe(0);

  rerender({ streaming: true });
  expect(result.current).toBe(0);
  act(() => vi.advanceTimersByTime(4_999));
  expect(result.current).toBe(0);
  act(() => vi.advanceTimersByTime(1));
  expect(result.current).toBe(2);
  act(() => vi.advanceTimersByTime(10_000));
  expect(result.current).toBe(6);

  vi.spyOn(Math, 'random').mockReturnValue(0); // -2 per tick
  act(() => vi.advanceTimersByTime(25_000));
  expect(result.current).toBe(0);

  vi.spyOn(Math, 'random').mockReturnValue(0.999);
  act(() => vi.advanceTimersByTime(10_000));
  expect(result.current).toBe(4);
  rerender({ streaming: false });
  expect(result.current).toBe(0);
  act(() => vi.advanceTimersByTime(10_000));
  expect(result.current).toBe(0);

  rerender({ streaming: true });
  expect(result.current).toBe(0);
});

test('the card says the numbers are simulated and shows the split', () => {
  vi.spyOn(Math, 'random').mockReturnValue(0.999);
  render(<ViewerCounter streaming />);
  expect(screen.getByText('Simulated')).toBeVisible();
  expect(screen.getByText('Simulierte Zuschauerzahl (keine echten Plattformdaten).')).toBeVisible();
  act(() => vi.advanceTimersByTime(25_000));
  expect(screen.getByTestId('viewer-total')).toHaveTextContent('10');
  expect(screen.getByTestId('viewers-youtube')).toHaveTextContent('6');
  expect(screen.getByTestId('viewers-facebook')).toHaveTextContent('3');
  expect(screen.getByTestId('viewers-twitch')).toHaveTextContent('1');
});
