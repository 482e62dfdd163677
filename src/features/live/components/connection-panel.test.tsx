import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../../../tests/render';
import { ConnectionPanel } from './connection-panel';

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
