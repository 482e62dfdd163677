import { cleanup, configure, screen } from '@testing-library/react';
import { resetObsConnection } from '@/lib/obs';
import { setDemoRole } from '@/lib/session';
import { renderWithProviders } from '../../../../tests/render';
import { QuickText } from './quick-text';
import { StreamControl } from './stream-control';
import { TelegramNotify } from './telegram-notify';

configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 30_000 });
afterEach(async () => {
  // Unmounted first: the role's change would re-render a screen that the test has left.
  cleanup();
  setDemoRole('Admin');
  await resetObsConnection();
});

const VIEWER = 'Nur für die Rollen Editor und Admin – Sie sind als Viewer angemeldet.';

function renderControls() {
  renderWithProviders(
    <>
      <StreamControl />
      <QuickText />
      <TelegramNotify />
    </>,
  );
}

test("a Viewer's Start Stream, Quick Text's Send and Telegram Notify say why they are off", async () => {
  setDemoRole('Viewer');
  renderControls();
  const start = await screen.findByRole('button', { name: /Start Stream/ });
  await vi.waitFor(() => expect(start).toHaveAccessibleDescription(VIEWER));
  for (const name of [/Start Stream/, /^Send$/, /Telegram Notify/]) {
    const button = screen.getByRole('button', { name });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription(VIEWER);
  }
});

test("an Editor's controls carry no reason", async () => {
  setDemoRole('Editor');
  renderControls();
  await screen.findByRole('button', { name: /Start Stream/ });
  for (const name of [/Start Stream/, /^Send$/, /Telegram Notify/])
    expect(screen.getByRole('button', { name })).not.toHaveAttribute('title');
});
