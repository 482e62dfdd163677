// Build time only (vite.config.ts loads it through Vite's SSR loader): the HTML that each route document carries in
// its #root, so the sidebar and the screen's title row paint before any script has run. No client code imports it.
import type { ComponentType, ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { LandingPage } from '@/features/landing';
import { LivePage } from '@/features/live';
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
import { appQueryClient } from './query-client';

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

/**
 * Screens drawn in full: their first render, before any answer or connection, holds text larger than the title row
 * (Live's cards), which would otherwise be the largest paint and wait for the app's code. Their first render reads
 * nothing of the clock, the page's address or storage, so the document shows what the app draws first.
 */
const FIRST_RENDER: Partial<Record<ScreenId, ComponentType>> = { live: LivePage };

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
  try {
    return mark(renderToStaticMarkup(node));
  } finally {
    // The queries a first render made hold garbage-collection timers that would keep the build's process alive.
    appQueryClient().clear();
  }
}

/**
 * The shell of a dashboard route: the real layout as a signed-in live desk draws it before its idle work (no demo
 * badge: the deployment is not known at build time) around the screen's title row and a skeleton, or the screen's own
 * first render.
 */
export function prerenderDashboard(path: string): string {
  const screen = dashboardScreenAt(path);
  if (!screen || screen.id === 'landing') throw new Error(`prerender: ${path} is not a dashboard screen`);
  const id = screen.id;
  setConfig({ apiMode: 'live', apiBaseUrl: 'http://localhost/api' });
  const Page = FIRST_RENDER[id];
  const screenElement = Page ? <Page /> : <ScreenShell id={id} />;
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/dashboard" element={<DashboardLayout />}>
          <Route index element={screenElement} />
          <Route path="*" element={screenElement} />
        </Route>
      </Routes>
    </MemoryRouter>,
  );
}

/** The landing page in full: it has no data to wait for. */
export function prerenderLanding(): string {
  return render(<LandingPage navigate={() => undefined} />);
}
