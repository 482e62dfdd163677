// The app's screens in SPEC §2's order, in one list: the router, the sidebar, the fixture gallery and the end-to-end
// tests read it. It imports nothing, so that a Playwright spec can read it as well.

/** A screen's folder under src/features, which is also the name of its chunk. */
export type ScreenId =
  | 'landing'
  | 'overview'
  | 'workflow'
  | 'ai-news'
  | 'posts'
  | 'media'
  | 'live'
  | 'social'
  | 'videos'
  | 'prompts'
  | 'admin';

export interface Screen {
  id: ScreenId;
  path: string;
  /** Its name in the sidebar and the fixture gallery. */
  name: string;
  /** Its place in the sidebar; AI News Central (reached from the overview) and the landing page have none. */
  nav?: 'main' | 'admin';
}

export const SCREENS: readonly Screen[] = [
  { id: 'landing', path: '/', name: 'Landing' },
  { id: 'overview', path: '/dashboard', name: 'Dashboard', nav: 'main' },
  { id: 'workflow', path: '/dashboard/workflow', name: 'Workflow', nav: 'main' },
  { id: 'ai-news', path: '/dashboard/ai-news', name: 'AI News Central' },
  { id: 'posts', path: '/dashboard/posts', name: 'Posts', nav: 'main' },
  { id: 'media', path: '/dashboard/media', name: 'Media Library', nav: 'main' },
  { id: 'live', path: '/dashboard/live', name: 'Live Broadcast', nav: 'main' },
  { id: 'social', path: '/dashboard/social', name: 'Social Media', nav: 'main' },
  { id: 'videos', path: '/dashboard/videos', name: 'Video Studio', nav: 'main' },
  { id: 'prompts', path: '/dashboard/prompts', name: 'Prompt Generator', nav: 'main' },
  { id: 'admin', path: '/dashboard/admin', name: 'Admin Settings', nav: 'admin' },
];

/** The screens under /dashboard: each a lazy route of the dashboard's layout. */
export const DASHBOARD_SCREENS: readonly Screen[] = SCREENS.filter((s) => s.path.startsWith('/dashboard'));

/** The dashboard screen a path opens (a path under a screen's, like Admin's settings, opens that screen), if any. */
export function dashboardScreenAt(pathname: string): Screen | undefined {
  const path = pathname.replace(/\/+$/, '');
  return (
    DASHBOARD_SCREENS.find((s) => s.path === path) ??
    DASHBOARD_SCREENS.find((s) => s.path !== '/dashboard' && path.startsWith(`${s.path}/`))
  );
}

/** The text of each screen's h1, for the tests (apart from SCREENS, so that the app's bundle does not carry it). */
export const HEADINGS: Readonly<Record<ScreenId, string>> = {
  landing: 'AI-powered news, from trending topic to live broadcast',
  overview: 'Dashboard',
  workflow: 'n8n AI-News Workflow',
  'ai-news': 'AI News Central',
  posts: 'Post Management',
  media: 'Media Library',
  live: 'Live Broadcast',
  social: 'Social Media',
  videos: 'Video Studio',
  prompts: 'Prompt Generator',
  admin: 'Admin Settings',
};
