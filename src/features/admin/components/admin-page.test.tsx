import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, test, vi } from 'vitest';
import { server } from '@/mocks/node';
import { renderWithProviders } from '../../../../tests/render';
import { AdminPage } from './admin-page';

// The page loads its tabs lazily; loaded here first so that no wait races a module's first transform.
beforeAll(async () => {
  await Promise.all([
    import('./api-keys-tab'),
    import('./health-polling'),
    import('./social-tab'),
    import('./obs-websocket-tab'),
    import('./error-logs-tab'),
    import('./system-tab'),
    import('./users-tab'),
    import('./audit-tab'),
    import('./sources-tab'),
  ]);
});

describe('Admin Settings page', () => {
  test('has the six tabs API Keys, Social Media, OBS WebSocket, Error Logs, System, Users, then Protokoll and Quellen; API Keys opens first', async () => {
    renderWithProviders(<AdminPage />, { route: '/dashboard/admin' });
    expect(screen.getByRole('heading', { level: 1, name: 'Admin Settings' })).toBeInTheDocument();
    const tabs = within(screen.getByRole('tablist'))
      .getAllByRole('tab')
      .map((t) => t.textContent);
    expect(tabs).toEqual([
      'API Keys',
      'Social Media',
      'OBS WebSocket',
      'Error Logs',
      'System',
      'Users',
      'Protokoll',
      'Quellen',
    ]);
    expect(screen.getByRole('tab', { name: 'API Keys' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByTestId('service-openai')).toBeInTheDocument();
  });

  test('?tab= opens a tab, and switching tabs updates it', async () => {
    const user = userEvent.setup();
    const { router } = renderWithProviders(<AdminPage />, { route: '/dashboard/admin/settings?tab=errors' });
    expect(screen.getByRole('tab', { name: 'Error Logs' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText('Keine Fehler protokolliert.')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Users' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=users'));
    expect(await screen.findByText('Vollzugriff')).toBeInTheDocument();
  });

  test('an unsaved key marks the page as holding unsaved input (automatic updates then ask first)', async () => {
    const user = userEvent.setup();
    renderWithProviders(<AdminPage />, { route: '/dashboard/admin' });
    const row = await screen.findByTestId('service-did');
    expect(document.querySelector('[data-unsaved="true"]')).toBeNull();
    await user.type(within(row).getByLabelText('D-ID API Key'), 'did-key-12345678');
    expect(row).toHaveAttribute('data-unsaved', 'true');
    await user.click(within(row).getByRole('button', { name: 'Save D-ID' }));
    await waitFor(() => expect(row).not.toHaveAttribute('data-unsaved'));
  });
});

describe('health polling on the whole screen', () => {
  test('keeps polling GET /health/{service} every 30000 ms while another tab is shown', async () => {
    vi.useFakeTimers({
      shouldAdvanceTime: true,
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
    });
    let calls = 0;
    server.use(
      http.get('*/api/health/openai', () => {
        calls += 1;
        return HttpResponse.json({ success: true });
      }),
    );
    try {
      renderWithProviders(<AdminPage />, { route: '/dashboard/admin?tab=users' });
      await waitFor(() => expect(calls).toBe(1));
      await vi.advanceTimersByTimeAsync(30_000);
      await waitFor(() => expect(calls).toBe(2));
    } finally {
      vi.useRealTimers();
    }
  });
});
