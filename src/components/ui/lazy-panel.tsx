import { Suspense, useState, type ReactNode } from 'react';
import { Skeleton } from './skeleton';

/** Suspense for a tab or panel whose code loads when it is opened: a skeleton keeps its space meanwhile. */
export function LazyPanel({ children, className = 'h-64 w-full' }: { children: ReactNode; className?: string }) {
  return <Suspense fallback={<Skeleton data-lazy-panel="" className={className} />}>{children}</Suspense>;
}

/**
 * Renders a lazily loaded dialog from its first opening on and keeps it mounted after (its state survives a close, as
 * before): a dialog that was never opened costs the screen's first render nothing.
 */
export function WhenOpened({ open, children }: { open: boolean; children: ReactNode }) {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open ? <Suspense fallback={null}>{children}</Suspense> : null;
}
