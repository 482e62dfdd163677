import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../../../tests/render';
import { LandingPage } from './landing-page';

test.each(['Launch Dashboard', 'Get Started', 'Start Your Journey'])(
  '%s goes to /dashboard in the page',
  async (name) => {
    const navigate = vi.fn();
    renderWithProviders(<LandingPage navigate={navigate} />, { route: '/', path: '/' });
    const link = screen.getByRole('link', { name: new RegExp(name) });
    expect(link).toHaveAttribute('href', '/dashboard');
    await userEvent.click(link);
    expect(navigate).toHaveBeenCalledExactlyOnceWith('/dashboard');
  },
);

test('a click with Ctrl (new tab) is left to the browser', async () => {
  const navigate = vi.fn();
  renderWithProviders(<LandingPage navigate={navigate} />, { route: '/', path: '/' });
  const user = userEvent.setup();
  await user.keyboard('{Control>}');
  await user.click(screen.getByRole('link', { name: /Launch Dashboard/ }));
  await user.keyboard('{/Control}');
  expect(navigate).not.toHaveBeenCalled();
});

test('header has the theme toggle; six feature cards; footer shows 2024', () => {
  renderWithProviders(<LandingPage />, { route: '/', path: '/' });
  expect(
    within(screen.getByRole('banner')).getByRole('button', { name: /Switch to (dark|light) theme/ }),
  ).toBeInTheDocument();
  expect(screen.getAllByTestId('feature-card')).toHaveLength(6);
  expect(within(screen.getByRole('contentinfo')).getByText(/2024/)).toBeInTheDocument();
});

test('says what SPEC §1 says the product does', () => {
  renderWithProviders(<LandingPage />, { route: '/', path: '/' });
  const text = document.body.textContent ?? '';
  for (const word of [
    'YouTube',
    'Facebook',
    'Instagram',
    'TikTok',
    'live streaming through broadcast software',
    'analytics',
    'scheduling',
  ]) {
    expect(text).toContain(word);
  }
});

test('Watch Demo opens a dialog explaining demo mode with links into the demo dashboard', async () => {
  renderWithProviders(<LandingPage />, { route: '/', path: '/' });
  await userEvent.click(screen.getByRole('button', { name: /Watch Demo/ }));
  // The dialog is a lazy chunk: give a loaded machine time to import it.
  const dialog = await screen.findByRole('dialog', {}, { timeout: 10_000 });
  expect(within(dialog).getByText(/Der Demo-Modus läuft vollständig im Browser/)).toBeInTheDocument();
  expect(within(dialog).getByRole('link', { name: /Demo starten/ })).toHaveAttribute(
    'href',
    '/dashboard?scenario=default',
  );
  expect(within(dialog).getByRole('link', { name: /Leere Daten/ })).toHaveAttribute(
    'href',
    '/dashboard?scenario=empty',
  );
  await userEvent.keyboard('{Escape}');
  expect(screen.queryByRole('dialog')).toBeNull();
});
