import { act, render } from '@testing-library/react';
import { pwaStub } from '../../tests/stubs/pwa-register-react';
import AppExtras from './app-extras';

afterEach(() => {
  pwaStub.reset();
  vi.useRealTimers();
});

test('the service worker registers 3 s after the first screen, once the page is idle, not with it', () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame'] });
  render(<AppExtras />);
  act(() => vi.advanceTimersByTime(2900));
  expect(pwaStub.registrations).toBe(0);
  // 3 s, then a frame, a task after it and the idle wait (jsdom has no requestIdleCallback: 300 ms)
  act(() => vi.advanceTimersByTime(100 + 16 + 300 + 20));
  expect(pwaStub.registrations).toBe(1);
  act(() => vi.advanceTimersByTime(60_000));
  expect(pwaStub.registrations).toBe(1);
});

test('a page left before then registers nothing', () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame'] });
  const { unmount } = render(<AppExtras />);
  act(() => vi.advanceTimersByTime(1000));
  unmount();
  act(() => vi.advanceTimersByTime(10_000));
  expect(pwaStub.registrations).toBe(0);
});
