import { screen } from '@testing-library/react';
import { getConfig, setConfig } from '@/lib/config';
import { renderWithProviders } from '../../../../tests/render';
import { ConnectionPanel } from './connection-panel';

const initialConfig = getConfig();
afterEach(() => {
  setConfig(initialConfig);
  vi.unstubAllGlobals();
});

const formLoaded = vi.hoisted(() => vi.fn());
vi.mock('@/components/obs-connection', () => {
  formLoaded();
  return { ObsConnection: () => <form aria-label="OBS-Formular" /> };
});
// The stored settings never arrive: the form's code must not wait for them.
vi.mock('@/lib/obs/settings', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/obs/settings')>()),
  useObsSettings: () => undefined,
}));

test("the OBS form's code is asked for while the stored settings are still read", async () => {
  renderWithProviders(<ConnectionPanel />);
  expect(screen.getByText('OBS Connection')).toBeInTheDocument();
  await vi.waitFor(() => expect(formLoaded).toHaveBeenCalledTimes(1));
  // Not shown before its settings: the skeleton holds its place.
  expect(screen.queryByRole('form', { name: 'OBS-Formular' })).not.toBeInTheDocument();
});

test("a live desk over https proposes the server with the panel itself, before the settings or the form's code", async () => {
  setConfig({ ...initialConfig, apiMode: 'live' });
  vi.stubGlobal('location', { ...window.location, protocol: 'https:' });
  renderWithProviders(<ConnectionPanel />);
  // The defaults' host (localhost) until the stored settings are read; no form yet.
  expect(screen.getByRole('note')).toHaveTextContent(
    'OBS ist unter localhost eingetragen, also auf dem Gerät, auf dem diese Konsole läuft.',
  );
  expect(screen.getByRole('button', { name: 'Über den Server verbinden' })).toBeVisible();
  expect(screen.queryByRole('form', { name: 'OBS-Formular' })).not.toBeInTheDocument();
});
