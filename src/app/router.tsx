import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { loadChunk } from './chunk-reload';
import { NotFoundPage } from './not-found';
import { RouteErrorPage } from './route-error';

export interface RouterOptions {
  /** Awaited before the dashboard loads (mock mode: the in-page mock network is started). */
  beforeDashboard?: () => Promise<unknown> | void;
}

// One lazy route per screen: each screen is a chunk of its own, loaded when it is opened.
const dashboardChildren: RouteObject[] = [
  { index: true, lazy: async () => ({ Component: (await loadChunk(() => import('@/features/overview'))).OverviewPage }) },
  { path: 'workflow', lazy: async () => ({ Component: (await loadChunk(() => import('@/features/workflow'))).WorkflowPage }) },
  { path: 'ai-news', lazy: async () => ({ Component: (await loadChunk(() => import('@/features/ai-news'))).AiNewsPage }) },
  { path: 'posts', lazy: async () => ({ Component: (await loadChunk(() => import('@/features/posts'))).PostsPage }) },
  { path: 'media', lazy: async () => ({ Component: (await loadChunk(() => import('@/features/media'))).MediaPage }) },
  { path: 'live', lazy: async () => ({ Component: (await loadChunk(() => import('@/features/live'))).LivePage }) },
  { path: 'social', lazy: async () => ({ Component: (await loadChunk(() => import('@/features/social'))).SocialPage }) },
  { path: 'videos', lazy: async () => ({ Component: (await loadChunk(() => import('@/features/videos'))).VideosPage }) },
  { path: 'prompts', lazy: async () => ({ Component: (await loadChunk(() => import('@/features/prompts'))).PromptsPage }) },
  { path: 'admin', lazy: async () => ({ Component: (await loadChunk(() => import('@/features/admin'))).AdminPage }) },
  { path: 'admin/settings', lazy: async () => ({ Component: (await loadChunk(() => import('@/features/admin'))).AdminPage }) },
];

/** The route table of SPEC §2. */
export function createRoutes({ beforeDashboard }: RouterOptions = {}): RouteObject[] {
  return [
    {
      errorElement: <RouteErrorPage />,
      children: [
        { path: '/', lazy: async () => ({ Component: (await loadChunk(() => import('@/features/landing'))).LandingPage }) },
        {
          path: '/dashboard',
          lazy: async () => {
            const [layout] = await Promise.all([loadChunk(() => import('./dashboard-layout')), beforeDashboard?.()]);
            return { Component: layout.DashboardLayout };
          },
          children: dashboardChildren,
        },
        { path: '*', Component: NotFoundPage },
      ],
    },
  ];
}

export const routes: RouteObject[] = createRoutes();

export function createRouter(options: RouterOptions = {}) {
  return createBrowserRouter(createRoutes(options));
}
