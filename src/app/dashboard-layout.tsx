import { Menu, X } from 'lucide-react';
import { lazy, memo, Suspense, useEffect, useState } from 'react';
import { NavLink, Outlet } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils/cn';
import { shellMessages } from './messages';
import { adminNav, brandIcon as Brand, mainNav, type NavItem } from './nav';
import { useAfterSettled } from '@/lib/idle';
import { DataProviders } from './providers';
import { ConfigNoticeBanner, DemoBadge } from './deployment-status';
import { ThemeToggle } from '@/components/theme-toggle';
import { getConfig } from '@/lib/config';

// Outbox badge (Social owner): loaded after the first render so that Dexie is not part of it.
// Live mode only: the token dialog and the change stream (a chunk the mock demo never loads).
const LiveDesk = lazy(() => import('./live-desk').then((m) => ({ default: m.LiveDesk })));
// With the user menu (sign-out, the demo's role): one chunk after the first paint.
const ShellExtras = lazy(() => import('./shell-extras').then((m) => ({ default: m.ShellExtras })));

// Memoized: the switch to idle (badge, live desk) re-renders the sidebar, not its links.
const NavList = memo(function NavList({ items, onNavigate }: { items: NavItem[]; onNavigate?: () => void }) {
  return (
    <ul className="space-y-1">
      {items.map(({ label, to, icon: Icon }) => (
        <li key={to}>
          <NavLink
            to={to}
            end={to === '/dashboard'}
            onClick={onNavigate}
            className={({ isActive }) =>
              cn(
                'flex min-h-11 items-center gap-3 rounded-md px-3 text-sm font-medium transition-colors',
                isActive
                  ? 'bg-primary text-primary-foreground'
                  : 'text-muted-foreground hover:bg-accent hover:text-accent-foreground',
              )
            }
          >
            <Icon className="size-4" aria-hidden />
            {label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
});

function Sidebar({ onNavigate, extras }: { onNavigate?: () => void; extras: boolean }) {
  return (
    <div className="flex h-full flex-col gap-6 p-4">
      <div className="flex items-center gap-2 px-2 text-lg font-bold">
        <Brand className="size-6 text-primary" aria-hidden />
        Newsdesk
        <DemoBadge className="ml-auto" />
      </div>
      <nav aria-label="Hauptnavigation" className="flex-1 space-y-6 overflow-y-auto">
        <NavList items={mainNav} onNavigate={onNavigate} />
        <div>
          <h2 className="px-3 pb-2 text-xs font-semibold uppercase tracking-wider text-muted-foreground">
            Administration
          </h2>
          <NavList items={adminNav} onNavigate={onNavigate} />
        </div>
      </nav>
      <div className="flex items-center justify-between border-t pt-4 text-sm text-muted-foreground">
        <span>version 2.0</span>
        <div className="flex items-center gap-2">
          {extras && (
            <Suspense fallback={null}>
              <ShellExtras />
            </Suspense>
          )}
          <ThemeToggle />
        </div>
      </div>
    </div>
  );
}

/** The dashboard shell (SPEC §2): sidebar fixed on large screens, an overlay from the menu button on small ones. */
export function DashboardLayout() {
  const [open, setOpen] = useState(false);
  const live = getConfig().apiMode === 'live';
  // Badge, settings and outbox drainer load once the first screen has drawn its data, so they cost it nothing.
  const idle = useAfterSettled();

  useEffect(() => {
    if (!idle) return;
    // Admin's saved retry settings, TTS roles, debug mode and secrets, loaded after the first render (Dexie stays out of it).
    void import('@/lib/settings-bootstrap')
      .then((m) => m.settingsInRuntime())
      .catch((error: unknown) =>
        console.warn('Einstellungen konnten nicht geladen werden.', error instanceof Error ? error.message : ''),
      );
  }, [idle]);

  useEffect(() => {
    if (!idle) return;
    void import('./offline-prefetch').then((m) => m.prefetchOfflinePaths());
  }, [idle]);

  useEffect(() => {
    if (!idle) return;
    // The outbox drainer (Social owner): sends queued posts when back online; lazy, like the settings above.
    let stop: (() => void) | undefined;
    let cancelled = false;
    void Promise.all([
      import('@/lib/outbox/drainer'),
      import('@/lib/outbox/messages'),
      import('sonner'),
      import('@/lib/operator-token'),
    ])
      .then(([m, { drainNotices }, { toast }, token]) => {
        if (cancelled) return;
        // Queued posts that went out, and posts that expired, are announced in the tab that sent the queue.
        stop = m.startOutboxDrainer({
          // A live desk sends only when signed in; the dialog's acceptance starts the drain (LiveDesk).
          ready: () => getConfig().apiMode !== 'live' || token.isSignedIn(),
          onResult: (result) => {
            for (const n of drainNotices(result)) toast[n.kind](n.title, { description: n.description });
          },
        });
      })
      .catch((error: unknown) =>
        console.warn('Postausgang konnte nicht gestartet werden.', error instanceof Error ? error.message : ''),
      );
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [idle]);

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);

  return (
    <DataProviders>
      <div className="min-h-screen bg-background">
        <aside
          className="fixed inset-y-0 left-0 z-30 hidden w-64 border-r bg-card lg:block"
          data-testid="sidebar-desktop"
        >
          <Sidebar extras={idle} />
        </aside>
        {open && (
          <div className="fixed inset-0 z-40 lg:hidden" data-testid="sidebar-overlay">
            <div
              className="absolute inset-0 bg-black/50"
              data-testid="sidebar-backdrop"
              aria-hidden
              onClick={() => setOpen(false)}
            />
            <aside
              role="dialog"
              aria-modal="true"
              aria-label="Navigation"
              className="absolute inset-y-0 left-0 w-72 max-w-[85vw] border-r bg-card shadow-xl"
            >
              <Button
                variant="ghost"
                size="icon"
                className="absolute right-2 top-2"
                aria-label={shellMessages.closeMenu}
                onClick={() => setOpen(false)}
              >
                <X aria-hidden />
              </Button>
              <Sidebar onNavigate={() => setOpen(false)} extras={idle} />
            </aside>
          </div>
        )}
        <div className="lg:pl-64">
          <header className="sticky top-0 z-20 flex h-14 items-center gap-2 border-b bg-background/95 px-4 backdrop-blur lg:hidden">
            <Button
              variant="ghost"
              size="icon"
              aria-label={shellMessages.openMenu}
              aria-expanded={open}
              onClick={() => setOpen(true)}
            >
              <Menu aria-hidden />
            </Button>
            <span className="font-semibold">Newsdesk</span>
            <DemoBadge />
            <span className="ml-auto">
              {idle && (
                <Suspense fallback={null}>
                  <ShellExtras />
                </Suspense>
              )}
            </span>
          </header>
          <main className="mx-auto max-w-7xl p-4 sm:p-6 lg:p-8">
            <ConfigNoticeBanner />
            <Outlet />
          </main>
        </div>
      </div>
      {/* After the first screen has painted too: a 401 before then waits in lib/operator-token for the dialog. */}
      {live && idle && (
        <Suspense fallback={null}>
          <LiveDesk />
        </Suspense>
      )}
    </DataProviders>
  );
}
