// Build time only (vite.config.ts loads it through Vite's SSR loader): the HTML that each route document carries in
// its #root, so the sidebar and the screen's title row paint before any script has run. No client code imports it.
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { LandingPage } from '@/features/landing';
import { setConfig } from '@/lib/config';
import { dashboardScreenAt, type ScreenId } from '@/lib/screens';
import { screenHeader as admin } from '@/features/admin/messages';
import { screenHeader as aiNews } from '@/features/ai-news/messages';
import { screenHeader as live } from '@/features/live/messages';
import { screenHeader as media } from '@/features/media/messages';
import { screenHeader as overview } from '@/features/overview/messages';
import { screenHeader as posts } from '@/features/posts/messages';
import { screenHeader as prompts } from '@/features/prompts/messages';
import { screenHeader as social } from '@/features/social/messages';
import { screenHeader as videos } from '@/features/videos/messages';
import { screenHeader as workflow } from '@/features/workflow/messages';
import { DashboardLayout } from './dashboard-layout';

/** The title row of each screen: the same objects the screens pass to their PageHeader. */
const HEADERS: Record<Exclude<ScreenId, 'landing'>, { title: string; description?: string }> = {
  overview,
  workflow,
  'ai-news': aiNews,
  posts,
  media,
  live,
  social,
  videos,
  prompts,
  admin,
};

/** The screen's title row over a neutral skeleton; the screen's first render replaces it in one commit. */
function ScreenShell({ id }: { id: Exclude<ScreenId, 'landing'> }) {
  return (
    <div className="space-y-6">
      <PageHeader {...HEADERS[id]} />
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} className="h-24" />
        ))}
      </div>
      <Skeleton className="h-64" />
    </div>
  );
}

/**
 * Marks the prerendered tree (for the stylesheet, which hides it where index.html answers a deep link, and the tests)
 * and makes it inert and hidden from assistive technology: its buttons do nothing before the app replaces it, so a click
 * or a screen reader waits for the real ones. Test ids stay with the app's own elements.
 */
function mark(html: string): string {
  return html
    .replace(/ data-testid="[^"]*"/g, '')
    .replace(/^<([a-z][a-z0-9]*)/, '<$1 data-prerendered="" inert="" aria-hidden="true"');
}

function render(node: ReactNode): string {
  return mark(renderToStaticMarkup(node));
}

/**
 * The shell of a dashboard route: the real layout as a signed-in live desk draws it before its idle work (no demo
 * badge: the deployment is not known at build time) around the screen's title row and a skeleton.
 */
export function prerenderDashboard(path: string): string {
  const screen = dashboardScreenAt(path);
  if (!screen || screen.id === 'landing') throw new Error(`prerender: ${path} is not a dashboard screen`);
  const id = screen.id;
  setConfig({ apiMode: 'live', apiBaseUrl: 'http://localhost/api' });
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/dashboard" element={<DashboardLayout />}>
          <Route index element={<ScreenShell id={id} />} />
          <Route path="*" element={<ScreenShell id={id} />} />
        </Route>
      </Routes>
    </MemoryRouter>,
  );
}

/** The landing page in full: it has no data to wait for. */
export function prerenderLanding(): string {
  return render(<LandingPage navigate={() => undefined} />);
}
