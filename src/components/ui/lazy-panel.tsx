import { Suspense, type ReactNode } from 'react';
import { Skeleton } from './skeleton';

/** Suspense for a tab or panel whose code loads when it is opened: a skeleton keeps its space meanwhile. */
export function LazyPanel({ children, className = 'h-64 w-full' }: { children: ReactNode; className?: string }) {
  return <Suspense fallback={<Skeleton data-lazy-panel="" className={className} />}>{children}</Suspense>;
}
