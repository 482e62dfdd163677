import { act, render } from '@testing-library/react';
import { pwaStub } from '../../tests/stubs/pwa-register-react';
import AppExtras from './app-extras';

afterEach(() => {
  pwaStub.reset();
  vi.useRealTimers();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

const fakeClock = () =>
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame'] });
const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

/** A page that a service worker already controls (a visit after the first). */
function controlledPage() {
  const container = Object.assign(new EventTarget(), { controller: {}, ready: new Promise<never>(() => undefined) });
  Object.defineProperty(navigator, 'serviceWorker', { value: container, configurable: true });
}

test('a page no worker controls yet registers one 3 s after the first screen, once the page is idle, not with it', () => {
  fakeClock();
  render(<AppExtras />);
  advance(2900);
  expect(pwaStub.registrations).toBe(0);
  // 3 s, then the idle step: a frame, a task after it and the idle wait (jsdom has no requestIdleCallback: 300 ms)
  advance(101);
  expect(pwaStub.registrations).toBe(0);
  advance(16 + 300 + 20);
  expect(pwaStub.registrations).toBe(1);
  advance(60_000);
  expect(pwaStub.registrations).toBe(1);
});

test('a page left before then registers nothing, also when it is left during the idle wait', () => {
  fakeClock();
  const first = render(<AppExtras />);
  advance(1000);
  first.unmount();
  advance(10_000);
  const second = render(<AppExtras />);
  advance(3050);
  second.unmount();
  advance(10_000);
  expect(pwaStub.registrations).toBe(0);
});

test('a page a worker already controls registers at once, so a waiting update is handled before work starts', () => {
  fakeClock();
  controlledPage();
  render(<AppExtras />);
  expect(pwaStub.registrations).toBe(1);
});
