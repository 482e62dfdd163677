import { cleanup, screen, waitFor } from '@testing-library/react';
import { recordError } from '@/db/error-log';
import { setDemoRole } from '@/lib/session';
import { renderWithProviders } from '../../../../tests/render';
import { ErrorLogsTab } from './error-logs-tab';

vi.setConfig({ testTimeout: 30_000 });
afterEach(() => {
  // Unmounted first: the role's change would re-render a screen that the test has left.
  cleanup();
  setDemoRole('Admin');
});

async function renderTwoEntries() {
  await recordError({ service: 'news', error: 'boom', operation: { kind: 'news.publish', args: 'n-7' } });
  await recordError({ service: 'azure', error: 'old', operation: { kind: 'health.check', args: 'azure' } });
  renderWithProviders(<ErrorLogsTab />);
  await waitFor(() => expect(screen.queryAllByTestId('error-entry')).toHaveLength(2));
}

test("a Viewer's Retry of a publish is disabled and says why; a health check's Retry stays", async () => {
  setDemoRole('Viewer');
  await renderTwoEntries();
  const publish = screen.getByRole('button', { name: 'Retry news' });
  await waitFor(() => expect(publish).toBeDisabled());
  expect(publish).toHaveAccessibleDescription('Nur für die Rollen Editor und Admin – Sie sind als Viewer angemeldet.');
  expect(screen.getByRole('button', { name: 'Retry Azure Speech' })).toBeEnabled();
});

test("an Editor's Retry of a publish is enabled", async () => {
  setDemoRole('Editor');
  await renderTwoEntries();
  expect(screen.getByRole('button', { name: 'Retry news' })).toBeEnabled();
  expect(screen.getByRole('button', { name: 'Retry news' })).not.toHaveAttribute('title');
});
