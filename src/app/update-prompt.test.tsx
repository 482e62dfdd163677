import { act, fireEvent, render, screen } from '@testing-library/react';
import { toast, Toaster } from 'sonner';
import { putSetting, DEFAULT_SETTINGS } from '@/db/settings';
import { pwaStub } from '../../tests/stubs/pwa-register-react';
import { UpdatePrompt } from './update-prompt';

afterEach(() => {
  act(() => void toast.dismiss());
  pwaStub.reset();
  document.body.innerHTML = '';
});

function renderPrompt() {
  return render(
    <>
      <UpdatePrompt />
      <Toaster />
    </>,
  );
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
    renderPrompt();
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
