import type { ComponentType } from 'react';
import { createBrowserRouter, useNavigate, type RouteObject } from 'react-router-dom';
import { nextTask } from '@/lib/next-task';
import { DASHBOARD_SCREENS, dashboardScreenAt, type ScreenId } from '@/lib/screens';
import { loadChunk } from './chunk-reload';
import { NotFoundPage } from './not-found';
import { RouteErrorPage } from './route-error';

export interface RouterOptions {
  /** Awaited before the dashboard loads (mock mode: the in-page mock network is started). */
  beforeDashboard?: () => Promise<unknown> | void;
}

// Where a failed lazy load should reload to: the navigation in progress, not the page still shown.
let pendingHref: () => string | undefined = () => undefined;
function reloadToPending() {
  const href = pendingHref();
  if (href) window.location.assign(href);
  else window.location.reload();
}
const screen = <T,>(importer: () => Promise<T>) => loadChunk(importer, reloadToPending);

// Each screen's page, loaded when it is opened: every screen is a chunk of its own (one import() per screen).
const PAGES: Record<Exclude<ScreenId, 'landing'>, () => Promise<ComponentType>> = {
  overview: async () => (await screen(() => import('@/features/overview'))).OverviewPage,
  workflow: async () => (await screen(() => import('@/features/workflow'))).WorkflowPage,
  'ai-news': async () => (await screen(() => import('@/features/ai-news'))).AiNewsPage,
  posts: async () => (await screen(() => import('@/features/posts'))).PostsPage,
  media: async () => (await screen(() => import('@/features/media'))).MediaPage,
  live: async () => (await screen(() => import('@/features/live'))).LivePage,
  social: async () => (await screen(() => import('@/features/social'))).SocialPage,
  videos: async () => (await screen(() => import('@/features/videos'))).VideosPage,
  prompts: async () => (await screen(() => import('@/features/prompts'))).PromptsPage,
  admin: async () => (await screen(() => import('@/features/admin'))).AdminPage,
};

/**
 * Runs the code of the screen at `pathname` before the router starts: the layout's, then the screen's, each in a task of
 * its own (the router's start ran both in one long task). A chunk that fails here is asked for again by the router, which
 * shows its error page.
 */
export async function evaluateScreenCode(pathname: string): Promise<void> {
  const id = dashboardScreenAt(pathname)?.id;
  if (!id || id === 'landing') return;
  try {
    await screen(() => import('./dashboard-layout'));
    await nextTask();
    await PAGES[id]();
    await nextTask();
  } catch {
    // the router's own load reports it
  }
}

const lazyPage =
  (id: keyof typeof PAGES): RouteObject['lazy'] =>
  async () => ({ Component: await PAGES[id]() });

// The dashboard's screens (lib/screens), and Admin's settings path.
const dashboardChildren: RouteObject[] = [
  ...DASHBOARD_SCREENS.map(({ id, path }): RouteObject => {
    const page = id as keyof typeof PAGES;
    return path === '/dashboard'
      ? { index: true, lazy: lazyPage(page) }
      : { path: path.slice('/dashboard/'.length), lazy: lazyPage(page) };
  }),
  { path: 'admin/settings', lazy: lazyPage('admin') },
];

/** The route table of SPEC §2. */
export function createRoutes({ beforeDashboard }: RouterOptions = {}): RouteObject[] {
  return [
    {
      errorElement: <RouteErrorPage />,
      HydrateFallback: () => null,
      children: [
        {
          path: '/',
          lazy: async () => {
            const { LandingPage } = await screen(() => import('@/features/landing'));
            // Its links are plain anchors (it also renders without the router, app/landing-shell): navigate keeps them in the page.
            function RoutedLanding() {
              const navigate = useNavigate();
              return <LandingPage navigate={navigate} />;
            }
            return { Component: RoutedLanding };
          },
        },
        {
          path: '/dashboard',
          lazy: async () => {
            const [layout] = await Promise.all([screen(() => import('./dashboard-layout')), beforeDashboard?.()]);
            return { Component: layout.DashboardLayout };
          },
          children: dashboardChildren,
        },
        // The designers' fixture gallery (DESIGN.md "Fixture mode"); not a SPEC screen, not in the sidebar.
        {
          path: '/fixtures',
          lazy: async () => ({ Component: (await screen(() => import('@/features/fixtures'))).FixturesPage }),
        },
        { path: '*', Component: NotFoundPage },
      ],
    },
  ];
}

export function createRouter(options: RouterOptions = {}) {
  const router = createBrowserRouter(createRoutes(options));
  pendingHref = () => {
    const next = router.state.navigation.location;
    return next ? router.createHref(next) : undefined;
  };
  return router;
}
