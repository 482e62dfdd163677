import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { cleanup, render } from '@testing-library/react';
import { buildTimeConfig, setConfig, setConfigNotice } from '@/lib/config';
import { DashboardLayout } from './dashboard-layout';

afterEach(() => {
  setConfig(buildTimeConfig);
  setConfigNotice(null);
});

function renderShell(route = '/dashboard') {
  const router = createMemoryRouter(
    [
      {
        path: '/dashboard',
        element: <DashboardLayout />,
        children: [
          { index: true, element: <h1>Overview screen</h1> },
          { path: 'posts', element: <h1>Posts screen</h1> },
          { path: 'media', element: <h1>Media screen</h1> },
          { path: 'admin', element: <h1>Admin screen</h1> },
        ],
      },
    ],
    { initialEntries: [route] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const desktopNav = () => within(screen.getByTestId('sidebar-desktop')).getByRole('navigation');

test('sidebar lists the SPEC §2 entries in order with their paths, and no AI News entry', () => {
  renderShell();
  const nav = desktopNav();
  const links = within(nav).getAllByRole('link');
  expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
    ['Dashboard', '/dashboard'],
    ['Workflow', '/dashboard/workflow'],
    ['Posts', '/dashboard/posts'],
    ['Media Library', '/dashboard/media'],
    ['Live Broadcast', '/dashboard/live'],
    ['Social Media', '/dashboard/social'],
    ['Video Studio', '/dashboard/videos'],
    ['Prompt Generator', '/dashboard/prompts'],
    ['Admin Settings', '/dashboard/admin'],
  ]);
  expect(within(nav).queryByText(/AI News/)).toBeNull();
});

test('Admin Settings sits under the Administration heading', () => {
  renderShell();
  const heading = within(desktopNav()).getByRole('heading', { name: 'Administration' });
  const section = heading.parentElement as HTMLElement;
  expect(
    within(section)
      .getAllByRole('link')
      .map((l) => l.textContent),
  ).toEqual(['Admin Settings']);
});

test('footer shows version 2.0 and the theme toggle', () => {
  renderShell();
  const sidebar = screen.getByTestId('sidebar-desktop');
  expect(within(sidebar).getByText('version 2.0')).toBeInTheDocument();
  expect(within(sidebar).getByRole('button', { name: /Switch to (dark|light) theme/ })).toBeInTheDocument();
});

test('the current route is marked with aria-current, and only it', () => {
  renderShell('/dashboard/media');
  const nav = desktopNav();
  expect(within(nav).getByRole('link', { name: 'Media Library' })).toHaveAttribute('aria-current', 'page');
  expect(within(nav).getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current');
});

test('on small screens the menu button opens the overlay; a link click closes it and navigates', async () => {
  const router = renderShell();
  expect(screen.queryByTestId('sidebar-overlay')).toBeNull();
  await userEvent.click(screen.getByRole('button', { name: 'Menü öffnen' }));
  const overlay = screen.getByTestId('sidebar-overlay');
  await userEvent.click(within(overlay).getByRole('link', { name: 'Posts' }));
  expect(screen.queryByTestId('sidebar-overlay')).toBeNull();
  expect(router.state.location.pathname).toBe('/dashboard/posts');
  expect(screen.getByRole('heading', { name: 'Posts screen' })).toBeInTheDocument();
});

test('a backdrop click closes the overlay without navigating', async () => {
  const router = renderShell();
  await userEvent.click(screen.getByRole('button', { name: 'Menü öffnen' }));
  await userEvent.click(screen.getByTestId('sidebar-backdrop'));
  expect(screen.queryByTestId('sidebar-overlay')).toBeNull();
  expect(router.state.location.pathname).toBe('/dashboard');
});

test('Escape and the close button close the overlay too', async () => {
  renderShell();
  await userEvent.click(screen.getByRole('button', { name: 'Menü öffnen' }));
  await userEvent.keyboard('{Escape}');
  expect(screen.queryByTestId('sidebar-overlay')).toBeNull();
  await userEvent.click(screen.getByRole('button', { name: 'Menü öffnen' }));
  await userEvent.click(screen.getByRole('button', { name: 'Menü schließen' }));
  expect(screen.queryByTestId('sidebar-overlay')).toBeNull();
});

test('in mock mode the shell shows the Demo-Modus badge; a live console shows none', () => {
  setConfig({ apiMode: 'mock', apiBaseUrl: 'http://localhost:3000/api' });
  renderShell();
  expect(within(screen.getByTestId('sidebar-desktop')).getByText('Demo-Modus')).toBeInTheDocument();
  cleanup();
  setConfig({ apiMode: 'live', apiBaseUrl: 'https://api.newsdesk.example/api' });
  renderShell();
  expect(screen.queryByText('Demo-Modus')).not.toBeInTheDocument();
});

test('a console running on its remembered live setting says so in German', () => {
  setConfig({ apiMode: 'live', apiBaseUrl: 'https://api.newsdesk.example/api' });
  setConfigNotice('last-live');
  renderShell();
  expect(screen.getByRole('status')).toHaveTextContent(
    'Die Einstellung der Bereitstellung konnte nicht geladen werden – die letzte Live-Einstellung wird verwendet.',
  );
  expect(screen.queryByText('Demo-Modus')).not.toBeInTheDocument();
});
