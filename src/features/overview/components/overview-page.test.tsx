import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '@/mocks/node';
import { setRetrySettings } from '@/lib/resilience/retry';
import { renderWithProviders } from '../../../../tests/render';
import { OverviewPage } from './overview-page';

const targets = [
  { path: '/dashboard/ai-news', element: <h1>AI News target</h1> },
  { path: '/dashboard/posts', element: <h1>Posts target</h1> },
  { path: '/dashboard/live', element: <h1>Live target</h1> },
];
const renderOverview = () =>
  renderWithProviders(<OverviewPage />, { route: '/dashboard', path: '/dashboard', routes: targets });

test('shows the sample figures served by GET /dashboard/overview', async () => {
  renderOverview();
  expect(screen.getByTestId('overview-loading')).toBeInTheDocument();
  const figures = await screen.findByRole('region', { name: 'Kennzahlen' });
  for (const value of ['1,247', '3', '2.4M', '892']) expect(within(figures).getByText(value)).toBeInTheDocument();
  expect(screen.getByText('3 Jobs in der Warteschlange')).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: 'Notifications' })).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: 'Technical Monitor' })).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: 'System Status' })).toBeInTheDocument();
  expect(screen.getAllByTestId('platform-bar').length).toBeGreaterThan(0);
  // Every section of the overview is an h2 below the screen's h1: no level is skipped.
  const levels = screen.getAllByRole('heading').map((h) => Number(h.tagName.slice(1)));
  expect(levels.length).toBeGreaterThan(8);
  expect(levels[0]).toBe(1);
  expect(new Set(levels.slice(1))).toEqual(new Set([2]));
});

test('figures come from the server, not from the component', async () => {
  server.use(
    http.get('*/api/dashboard/overview', () =>
      HttpResponse.json({
        stats: [
          {
            id: 'news',
            title: 'Total News',
            value: '77,777',
            description: 'x',
            icon: 'news',
            trend: { value: 4, isPositive: false },
          },
        ],
        queuedJobs: 9,
        notifications: [{ id: 'a', message: 'Testmeldung', type: 'info', time: 'jetzt' }],
        platformViews: [{ platform: 'YouTube', views: 10 }],
        workflowProgress: [{ id: 's', name: 'Scraping', progress: 50 }],
        systemStatus: [{ id: 'obs', name: 'OBS', status: 'offline', detail: 'getrennt' }],
        technicalMonitor: [{ id: 'cpu', label: 'CPU', value: 10, unit: '%' }],
      }),
    ),
  );
  renderOverview();
  expect(await screen.findByText('77,777')).toBeInTheDocument();
  expect(screen.getByText('-4%')).toBeInTheDocument();
  expect(screen.getByText('9 Jobs in der Warteschlange')).toBeInTheDocument();
  expect(screen.getByText('Testmeldung')).toBeInTheDocument();
  expect(screen.queryByText('1,247')).toBeNull();
});

test('a failing call shows the German error state, and retry loads the figures', async () => {
  let fail = true;
  server.use(
    http.get('*/api/dashboard/overview', () =>
      fail ? HttpResponse.json({ message: 'kaputt' }, { status: 404 }) : undefined,
    ),
  );
  renderOverview();
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent('Die Übersicht konnte nicht geladen werden.');
  fail = false;
  await userEvent.click(within(alert).getByRole('button', { name: 'Erneut versuchen' }));
  expect(await screen.findByText('1,247')).toBeInTheDocument();
  expect(screen.queryByRole('alert')).toBeNull();
});

test.each([
  ['Start New News', 'News-Generierung gestartet', 'AI News target', '/dashboard/ai-news'],
  ['Post Last Highlight', 'Letztes Highlight wird gepostet', 'Posts target', '/dashboard/posts'],
  ['Start Live Broadcast', 'Live-Übertragung wird vorbereitet', 'Live target', '/dashboard/live'],
])('quick action %s confirms with a toast and navigates', async (label, toastText, target, path) => {
  const { router } = renderOverview();
  await userEvent.click(screen.getByRole('button', { name: label }));
  expect(await screen.findByText(toastText)).toBeInTheDocument();
  expect(router.state.location.pathname).toBe(path);
  expect(screen.getByRole('heading', { name: target })).toBeInTheDocument();
});

test('Latest News lists the newest stories of GET /news/latest, newest first, and leads to AI News Central', async () => {
  const requested: string[] = [];
  server.events.on('request:start', ({ request }) => requested.push(new URL(request.url).pathname));
  server.use(
    http.get('*/api/news/latest', () =>
      HttpResponse.json(
        ['Zinsentscheid der EZB', 'Marsmission startet', 'Neuer KI-Chip'].map((title, i) => ({
          id: `n-${i}`,
          title,
          source: 'Reuters',
          category: 'Wirtschaft',
          status: 'published',
          createdAt: `2024-01-1${5 - i}T10:00:00Z`,
          publishedAt: null,
          views: 0,
          engagement: 0,
        })),
      ),
    ),
  );
  try {
    const user = userEvent.setup();
    renderOverview();
    const list = await screen.findByRole('list', { name: 'Latest News' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.querySelector('p')?.textContent),
    ).toEqual(['Zinsentscheid der EZB', 'Marsmission startet', 'Neuer KI-Chip']);
    expect(requested).toContain('/api/news/latest');
    expect(requested).not.toContain('/api/news');
    await user.click(screen.getByRole('link', { name: 'AI News Central' }));
    expect(await screen.findByRole('heading', { name: 'AI News target' })).toBeInTheDocument();
  } finally {
    server.events.removeAllListeners();
  }
});

test('Latest News that cannot load says so in German; the rest of the overview stays', async () => {
  // SPEC §8's three retries of a 500 at 1 ms instead of 2, 4 and 8 s (tests/setup.ts restores the defaults).
  setRetrySettings({ maxRetries: 3, retryDelay: 1, backoffMultiplier: 1, retryCondition: 'default' });
  let calls = 0;
  server.use(
    http.get('*/api/news/latest', () => {
      calls += 1;
      return HttpResponse.json({ message: 'kaputt' }, { status: 500 });
    }),
  );
  renderOverview();
  expect(await screen.findByText('Die neuesten Meldungen konnten nicht geladen werden.')).toBeInTheDocument();
  expect(calls).toBe(4);
  expect(screen.getByRole('heading', { name: 'Notifications' })).toBeInTheDocument();
});
