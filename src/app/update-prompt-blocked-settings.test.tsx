import { render } from '@testing-library/react';
import { Toaster } from 'sonner';
import { FakeWorker, pwaStub } from '../../tests/stubs/pwa-register-react';
import { AUTO_UPDATES_WAIT_MS, UpdatePrompt } from './update-prompt';

// Admin's saved settings never arrive (a database whose upgrade another tab blocks waits without end).
vi.mock('@/db/settings', () => ({ getSetting: () => new Promise<never>(() => undefined) }));

afterEach(() => pwaStub.reset());

test('a waiting update does not wait without end for the automatic-updates setting: after the wait it goes by the default (on)', async () => {
  const container = Object.assign(new EventTarget(), {
    controller: new FakeWorker(),
    ready: Promise.resolve(pwaStub.registration),
  });
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: container });
  onTestFinished(() => void Reflect.deleteProperty(navigator, 'serviceWorker'));
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  onTestFinished(() => warn.mockRestore());
  const waiting = new FakeWorker();
  waiting.state = 'installed';
  pwaStub.registration.waiting = waiting;
  const started = Date.now();
  render(
    <>
      <UpdatePrompt reload={vi.fn()} />
      <Toaster />
    </>,
  );
  await vi.waitFor(() => expect(pwaStub.updates).toEqual([true]), { timeout: AUTO_UPDATES_WAIT_MS + 3000 });
  expect(Date.now() - started).toBeGreaterThanOrEqual(AUTO_UPDATES_WAIT_MS - 50);
  expect(waiting.messages).toEqual([{ type: 'SKIP_WAITING' }]);
});
