import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { NotFoundPage } from './not-found';
import { RouteErrorPage } from './route-error';

// One lazy route per screen: each screen is a chunk of its own, loaded when it is opened.
const dashboardChildren: RouteObject[] = [
  { index: true, lazy: async () => ({ Component: (await import('@/features/overview')).OverviewPage }) },
  { path: 'workflow', lazy: async () => ({ Component: (await import('@/features/workflow')).WorkflowPage }) },
  { path: 'ai-news', lazy: async () => ({ Component: (await import('@/features/ai-news')).AiNewsPage }) },
  { path: 'posts', lazy: async () => ({ Component: (await import('@/features/posts')).PostsPage }) },
  { path: 'media', lazy: async () => ({ Component: (await import('@/features/media')).MediaPage }) },
  { path: 'live', lazy: async () => ({ Component: (await import('@/features/live')).LivePage }) },
  { path: 'social', lazy: async () => ({ Component: (await import('@/features/social')).SocialPage }) },
  { path: 'videos', lazy: async () => ({ Component: (await import('@/features/videos')).VideosPage }) },
  { path: 'prompts', lazy: async () => ({ Component: (await import('@/features/prompts')).PromptsPage }) },
  { path: 'admin', lazy: async () => ({ Component: (await import('@/features/admin')).AdminPage }) },
  { path: 'admin/settings', lazy: async () => ({ Component: (await import('@/features/admin')).AdminPage }) },
];

export const routes: RouteObject[] = [
  {
    errorElement: <RouteErrorPage />,
    children: [
      { path: '/', lazy: async () => ({ Component: (await import('@/features/landing')).LandingPage }) },
      {
        path: '/dashboard',
        lazy: async () => ({ Component: (await import('./dashboard-layout')).DashboardLayout }),
        children: dashboardChildren,
      },
      { path: '*', Component: NotFoundPage },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
