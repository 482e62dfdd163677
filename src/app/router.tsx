import { createBrowserRouter, useNavigate, type RouteObject } from 'react-router-dom';
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
const screen = <T,>(importer: () => Promise<T>) => loadChunk(importer, { reload: reloadToPending });

// One lazy route per screen: each screen is a chunk of its own, loaded when it is opened.
const dashboardChildren: RouteObject[] = [
  { index: true, lazy: async () => ({ Component: (await screen(() => import('@/features/overview'))).OverviewPage }) },
  {
    path: 'workflow',
    lazy: async () => ({ Component: (await screen(() => import('@/features/workflow'))).WorkflowPage }),
  },
  { path: 'ai-news', lazy: async () => ({ Component: (await screen(() => import('@/features/ai-news'))).AiNewsPage }) },
  { path: 'posts', lazy: async () => ({ Component: (await screen(() => import('@/features/posts'))).PostsPage }) },
  { path: 'media', lazy: async () => ({ Component: (await screen(() => import('@/features/media'))).MediaPage }) },
  { path: 'live', lazy: async () => ({ Component: (await screen(() => import('@/features/live'))).LivePage }) },
  { path: 'social', lazy: async () => ({ Component: (await screen(() => import('@/features/social'))).SocialPage }) },
  { path: 'videos', lazy: async () => ({ Component: (await screen(() => import('@/features/videos'))).VideosPage }) },
  {
    path: 'prompts',
    lazy: async () => ({ Component: (await screen(() => import('@/features/prompts'))).PromptsPage }),
  },
  { path: 'admin', lazy: async () => ({ Component: (await screen(() => import('@/features/admin'))).AdminPage }) },
  {
    path: 'admin/settings',
    lazy: async () => ({ Component: (await screen(() => import('@/features/admin'))).AdminPage }),
  },
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
