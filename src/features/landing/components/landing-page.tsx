import { ArrowRight, Newspaper, PlayCircle } from 'lucide-react';
import { lazy, Suspense, useState, type MouseEvent, type ReactNode } from 'react';
import { ThemeToggle } from '@/components/theme-toggle';
import { buttonVariants } from '@/components/ui/button-variants';
import { landingText as t } from '../messages';
import { FeaturesGrid } from './features-grid';

// The dialog (Radix) loads on the first click, so the landing page's first render does not pay for it;
// links and buttons use buttonVariants rather than <Button> to keep tailwind-merge off this page.
const DemoDialog = lazy(() => import('./demo-dialog'));

/** Goes to a path inside the app without reloading the page (the router's navigate, or the landing shell's hand-off). */
export type Navigate = (to: string) => void;

// A plain link, so that the landing page needs no router (the data router is the largest part of the dashboard's
// shell); with `navigate`, a plain left click stays in the page like a router link.
function AppLink({
  to,
  navigate,
  className,
  children,
}: {
  to: string;
  navigate?: Navigate;
  className: string;
  children: ReactNode;
}) {
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (
      !navigate ||
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.altKey ||
      event.ctrlKey ||
      event.shiftKey
    )
      return;
    event.preventDefault();
    navigate(to);
  };
  return (
    <a href={to} className={className} onClick={onClick}>
      {children}
    </a>
  );
}

/** The public landing page (SPEC §2 "Landing page"). */
export function LandingPage({ navigate }: { navigate?: Navigate }) {
  const [demoOpen, setDemoOpen] = useState(false);
  const [demoLoaded, setDemoLoaded] = useState(false);

  return (
    <div className="flex min-h-screen flex-col bg-background">
      <header className="sticky top-0 z-20 border-b bg-background/95 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4">
          <span className="flex items-center gap-2 text-lg font-bold">
            <Newspaper className="size-6 text-primary" aria-hidden />
            {t.brand}
          </span>
          <div className="flex items-center gap-2">
            <ThemeToggle />
            <AppLink to="/dashboard" navigate={navigate} className={buttonVariants()}>
              {t.launch}
            </AppLink>
          </div>
        </div>
      </header>

      <main className="flex-1">
        <section className="mx-auto max-w-6xl px-4 py-20 text-center sm:py-28">
          <p className="mb-4 inline-block rounded-full border px-3 py-1 text-sm font-medium text-muted-foreground">
            {t.badge}
          </p>
          <h1 className="mx-auto max-w-3xl text-4xl font-bold tracking-tight sm:text-5xl">{t.title}</h1>
          <p className="mx-auto mt-6 max-w-2xl text-lg text-muted-foreground">{t.lead}</p>
          <div className="mt-10 flex flex-wrap justify-center gap-3">
            <AppLink to="/dashboard" navigate={navigate} className={buttonVariants({ size: 'lg' })}>
              {t.getStarted}
              <ArrowRight aria-hidden />
            </AppLink>
            <button
              type="button"
              className={buttonVariants({ size: 'lg', variant: 'outline' })}
              aria-haspopup="dialog"
              onClick={() => {
                setDemoLoaded(true);
                setDemoOpen(true);
              }}
            >
              <PlayCircle aria-hidden />
              {t.watchDemo}
            </button>
          </div>
        </section>

        <section aria-labelledby="features-title" className="mx-auto max-w-6xl px-4 pb-20">
          <h2 id="features-title" className="mb-8 text-center text-3xl font-bold tracking-tight">
            {t.featuresTitle}
          </h2>
          <FeaturesGrid />
        </section>

        <section aria-labelledby="cta-title" className="border-t bg-muted/50">
          <div className="mx-auto max-w-3xl px-4 py-20 text-center">
            <h2 id="cta-title" className="text-3xl font-bold tracking-tight">
              {t.ctaTitle}
            </h2>
            <p className="mt-4 text-muted-foreground">{t.ctaText}</p>
            <div className="mt-8">
              <AppLink to="/dashboard" navigate={navigate} className={buttonVariants({ size: 'lg' })}>
                {t.cta}
                <ArrowRight aria-hidden />
              </AppLink>
            </div>
          </div>
        </section>
      </main>

      <footer className="border-t">
        <p className="mx-auto max-w-6xl px-4 py-6 text-center text-sm text-muted-foreground">{t.footer}</p>
      </footer>

      {demoLoaded && (
        <Suspense fallback={null}>
          <DemoDialog open={demoOpen} onOpenChange={setDemoOpen} />
        </Suspense>
      )}
    </div>
  );
}
