import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { buildTimeConfig, setConfig } from '@/lib/config';
import { server } from '@/mocks/node';
import { renderWithProviders } from '../../../../tests/render';
import { ApiKeysTab } from './api-keys-tab';

// Live mode: VidAU documents no free authenticated call, so its row says so in German instead of an online/offline
// badge, and offers no Test; ModelsLab (free wallet_balance call) keeps its Test.
beforeEach(() => {
  setConfig({ apiMode: 'live', apiBaseUrl: 'http://localhost:3000/api' });
});
afterEach(() => {
  setConfig(buildTimeConfig);
  server.events.removeAllListeners();
});

test('VidAU has no key test in live mode and says why; ModelsLab and the others can be tested', async () => {
  const tests: string[] = [];
  server.events.on('request:start', ({ request }) => {
    if (new URL(request.url).pathname.startsWith('/api/test/')) tests.push(new URL(request.url).pathname);
  });
  renderWithProviders(<ApiKeysTab />);
  const vidau = await waitFor(() => screen.getByTestId('service-vidau'));
  expect(screen.getByTestId('key-storage')).not.toHaveTextContent('Demo-Modus');
  expect(within(vidau).getByRole('note')).toHaveTextContent(
    'Für VidAU gibt es keinen Schlüsseltest: Der Anbieter dokumentiert keine kostenlose Abfrage. Der Schlüssel wird beim ersten Video-Auftrag geprüft.',
  );
  expect(within(vidau).getByTestId('status-vidau')).toHaveTextContent('nicht prüfbar');
  expect(within(vidau).getByRole('button', { name: 'Test VidAU' })).toBeDisabled();

  const modelslab = screen.getByTestId('service-modelslab');
  expect(within(modelslab).getByRole('button', { name: 'Test ModelsLab' })).toBeEnabled();
  expect(within(modelslab).queryByRole('note')).not.toBeInTheDocument();
  expect(within(modelslab).getByTestId('status-modelslab')).not.toHaveTextContent('nicht prüfbar');
  expect(tests.filter((p) => p.endsWith('/vidau'))).toEqual([]);
});

test('in mock mode the VidAU row is as before (keys stay in the browser, the mock answers its test)', async () => {
  setConfig({ apiMode: 'mock', apiBaseUrl: 'http://localhost:3000/api' });
  renderWithProviders(<ApiKeysTab />);
  const vidau = await waitFor(() => screen.getByTestId('service-vidau'));
  expect(within(vidau).queryByRole('note')).not.toBeInTheDocument();
  expect(within(vidau).getByRole('button', { name: 'Test VidAU' })).toBeEnabled();
});
