import { act, fireEvent, render, screen } from '@testing-library/react';
import { toast, Toaster } from 'sonner';
import { putSetting, DEFAULT_SETTINGS } from '@/db/settings';
import { FakeWorker, pwaStub } from '../../tests/stubs/pwa-register-react';
import { UpdatePrompt } from './update-prompt';
import { rememberWorkerAtLoad } from './worker-at-load';

afterEach(() => {
  act(() => void toast.dismiss());
  pwaStub.reset();
  document.body.innerHTML = '';
});

function renderPrompt(reload?: () => void) {
  return render(
    <>
      <UpdatePrompt reload={reload} />
      <Toaster />
    </>,
  );
}

/** navigator.serviceWorker as a page sees it (jsdom has none): `controlled` when an older version controls the page. */
function serviceWorkerContainer({ controlled }: { controlled: boolean }) {
  const container = Object.assign(new EventTarget(), {
    controller: controlled ? new FakeWorker() : null,
    // The registration of the worker that is active (vite-plugin-pwa registered it).
    ready: Promise.resolve(pwaStub.registration),
  });
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: container });
  // As the page does when it starts.
  rememberWorkerAtLoad();
  onTestFinished(() => {
    Reflect.deleteProperty(navigator, 'serviceWorker');
    rememberWorkerAtLoad();
  });
  return container;
}

test('automatic updates on (the default) and nothing unsaved: the waiting update is applied without asking', async () => {
  pwaStub.needRefresh = true;
  renderPrompt();
  await vi.waitFor(() => expect(pwaStub.updates).toEqual([true]));
  expect(screen.queryByText('Update verfügbar')).toBeNull();
});

test('automatic updates off: a toast asks, and the button applies the update', async () => {
  await putSetting('system', { ...DEFAULT_SETTINGS.system, autoUpdates: false });
  pwaStub.needRefresh = true;
  renderPrompt();
  expect(await screen.findByText('Update verfügbar')).toBeInTheDocument();
  expect(pwaStub.updates).toEqual([]);
  // fireEvent: sonner's swipe handling needs pointer capture, which jsdom lacks.
  fireEvent.click(screen.getByRole('button', { name: 'Jetzt aktualisieren' }));
  expect(pwaStub.updates).toEqual([true]);
});

test('automatic updates on but a form has unsaved input: a toast asks instead', async () => {
  const form = document.createElement('form');
  form.dataset.unsaved = 'true';
  document.body.append(form);
  pwaStub.needRefresh = true;
  renderPrompt();
  expect(await screen.findByText('Update verfügbar')).toBeInTheDocument();
  expect(pwaStub.updates).toEqual([]);
});

test('no waiting update: nothing happens', async () => {
  renderPrompt();
  // Without a waiting update the effect returns before any async step: flushing React's effects is the whole run.
  await act(async () => undefined);
  expect(pwaStub.updates).toEqual([]);
  expect(screen.queryByText('Update verfügbar')).toBeNull();
});

test('an open console looks for a new version every hour; a failed check (offline) is tried again next hour', async () => {
  // Only the intervals are faked: Dexie and React keep their real timers.
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  try {
    serviceWorkerContainer({ controlled: true });
    renderPrompt();
    await act(async () => undefined);
    expect(pwaStub.updateChecks).toBe(0);
    vi.advanceTimersByTime(59 * 60 * 1000);
    expect(pwaStub.updateChecks).toBe(0);
    vi.advanceTimersByTime(60 * 1000);
    expect(pwaStub.updateChecks).toBe(1);
    pwaStub.updateFails = true;
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    onTestFinished(() => warn.mockRestore());
    vi.advanceTimersByTime(60 * 60 * 1000);
    expect(pwaStub.updateChecks).toBe(2);
    pwaStub.updateFails = false;
    vi.advanceTimersByTime(60 * 60 * 1000);
    expect(pwaStub.updateChecks).toBe(3);
  } finally {
    vi.useRealTimers();
  }
});

// workbox-window announces a waiting version only in the orders of events it expects (workbox issues 2199 and 3285); the
// console watches the registration itself. In these tests the plugin announces nothing (needRefresh stays false).
test('a version already waiting when the console registered, which workbox-window did not announce, is applied; the page reloads once it controls it', async () => {
  const container = serviceWorkerContainer({ controlled: true });
  const waiting = new FakeWorker();
  waiting.state = 'installed';
  pwaStub.registration.waiting = waiting;
  const reload = vi.fn();
  renderPrompt(reload);
  await vi.waitFor(() => expect(pwaStub.updates).toEqual([true]));
  expect(reload).not.toHaveBeenCalled();
  container.dispatchEvent(new Event('controllerchange'));
  expect(reload).toHaveBeenCalledTimes(1);
});

test('a version waiting while the plugin reports no registration to the mounted prompt (its first render was thrown away) is applied, and told to take over', async () => {
  pwaStub.reportsRegistration = false;
  serviceWorkerContainer({ controlled: true });
  const waiting = new FakeWorker();
  waiting.state = 'installed';
  pwaStub.registration.waiting = waiting;
  renderPrompt(vi.fn());
  await vi.waitFor(() => expect(pwaStub.updates).toEqual([true]));
  // Told directly, not only through workbox-window (which tells the version its own registration holds).
  expect(waiting.messages).toEqual([{ type: 'SKIP_WAITING' }]);
});

test('a version still installing when the console registered is applied once it is installed', async () => {
  serviceWorkerContainer({ controlled: true });
  const worker = pwaStub.registration.found();
  renderPrompt(vi.fn());
  await act(async () => undefined);
  expect(pwaStub.updates).toEqual([]);
  act(() => pwaStub.registration.installed(worker));
  await vi.waitFor(() => expect(pwaStub.updates).toEqual([true]));
});

test('after „Später“ a later version, found by the hourly check, is offered again', async () => {
  await putSetting('system', { ...DEFAULT_SETTINGS.system, autoUpdates: false });
  serviceWorkerContainer({ controlled: true });
  // The plugin announces the version the registration holds as waiting.
  pwaStub.registration.installed(pwaStub.registration.found());
  pwaStub.needRefresh = true;
  renderPrompt(vi.fn());
  expect(await screen.findByText('Update verfügbar')).toBeInTheDocument();
  fireEvent.click(screen.getByRole('button', { name: 'Später' }));
  await vi.waitFor(() => expect(screen.queryByText('Update verfügbar')).toBeNull());
  act(() => pwaStub.registration.installed(pwaStub.registration.found()));
  expect(await screen.findByText('Update verfügbar')).toBeInTheDocument();
  expect(pwaStub.updates).toEqual([]);
});

test('the first installation (no older version controls the page) is no update: nothing is applied', async () => {
  serviceWorkerContainer({ controlled: false });
  const reload = vi.fn();
  renderPrompt(reload);
  act(() => pwaStub.registration.installed(pwaStub.registration.found()));
  await act(async () => undefined);
  expect(pwaStub.updates).toEqual([]);
  expect(reload).not.toHaveBeenCalled();
});

test('another tab applied an update while this one holds a half-written form: it does not reload, says so, and reloads on request', async () => {
  const container = serviceWorkerContainer({ controlled: true });
  const form = document.createElement('form');
  form.dataset.unsaved = 'true';
  document.body.append(form);
  const reload = vi.fn();
  renderPrompt(reload);
  await act(async () => undefined);
  // The new version claims every tab of the desk, whichever tab applied it.
  act(() => void container.dispatchEvent(new Event('controllerchange')));
  expect(await screen.findByText('Neue Version in einem anderen Tab geladen')).toBeInTheDocument();
  expect(
    screen.getByText(
      'Dieser Tab lädt nicht von selbst neu, damit Ihre Eingaben erhalten bleiben. Bitte speichern und dann neu laden.',
    ),
  ).toBeInTheDocument();
  expect(reload).not.toHaveBeenCalled();
  fireEvent.click(screen.getByRole('button', { name: 'Neu laden' }));
  expect(reload).toHaveBeenCalledTimes(1);
});

test('a new version taking control of a tab with nothing unsaved reloads it at once', async () => {
  const container = serviceWorkerContainer({ controlled: true });
  const reload = vi.fn();
  renderPrompt(reload);
  await act(async () => undefined);
  act(() => void container.dispatchEvent(new Event('controllerchange')));
  expect(reload).toHaveBeenCalledTimes(1);
  expect(screen.queryByText('Neue Version in einem anderen Tab geladen')).toBeNull();
});

test('an offer still being decided when another tab applies the version gives way to the hand-over notice', async () => {
  const container = serviceWorkerContainer({ controlled: true });
  const form = document.createElement('form');
  form.dataset.unsaved = 'true';
  document.body.append(form);
  pwaStub.registration.installed(pwaStub.registration.found());
  renderPrompt(vi.fn());
  await act(async () => undefined);
  // Before this tab has read its update setting, the other tab's version takes over.
  pwaStub.registration.waiting = null;
  act(() => void container.dispatchEvent(new Event('controllerchange')));
  expect(await screen.findByText('Neue Version in einem anderen Tab geladen')).toBeInTheDocument();
  // Long enough for the setting to be read (at most AUTO_UPDATES_WAIT_MS).
  await new Promise((resolve) => setTimeout(resolve, 2500));
  expect(screen.queryByText('Update verfügbar')).toBeNull();
  expect(screen.getByText('Neue Version in einem anderen Tab geladen')).toBeInTheDocument();
});

test('another tab applied an update before this tab was idle enough to mount its prompt: the prompt says so once it mounts', async () => {
  const container = serviceWorkerContainer({ controlled: true });
  const form = document.createElement('form');
  form.dataset.unsaved = 'true';
  document.body.append(form);
  // The hand-over came while the page was still busy: no listener of the app's heard it.
  container.controller = new FakeWorker();
  container.dispatchEvent(new Event('controllerchange'));
  const reload = vi.fn();
  renderPrompt(reload);
  expect(await screen.findByText('Neue Version in einem anderen Tab geladen')).toBeInTheDocument();
  expect(reload).not.toHaveBeenCalled();
});

test('the same early hand-over with nothing typed reloads the tab once its prompt mounts', async () => {
  const container = serviceWorkerContainer({ controlled: true });
  container.controller = new FakeWorker();
  const reload = vi.fn();
  renderPrompt(reload);
  await act(async () => undefined);
  expect(reload).toHaveBeenCalledTimes(1);
});

test('the first installation taking control of the page reloads nothing and says nothing', async () => {
  const container = serviceWorkerContainer({ controlled: false });
  const reload = vi.fn();
  renderPrompt(reload);
  await act(async () => undefined);
  container.controller = new FakeWorker();
  act(() => void container.dispatchEvent(new Event('controllerchange')));
  await act(async () => undefined);
  expect(reload).not.toHaveBeenCalled();
  expect(screen.queryByText('Neue Version in einem anderen Tab geladen')).toBeNull();
});

test("the plugin's own reload on a hand-over is turned off: it would reload over typed input", async () => {
  const form = document.createElement('form');
  form.dataset.unsaved = 'true';
  document.body.append(form);
  const reload = vi.fn();
  renderPrompt(reload);
  // Given no onNeedReload, the plugin calls location.reload() itself.
  await vi.waitFor(() => expect(pwaStub.onNeedReload).toBeDefined());
  act(() => pwaStub.onNeedReload?.());
  await act(async () => undefined);
  expect(reload).not.toHaveBeenCalled();
  expect(screen.queryByText('Neue Version in einem anderen Tab geladen')).toBeNull();
});
