import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { render, waitFor, type RenderOptions } from '@testing-library/react';
import type * as React from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { Toaster } from 'sonner';
import { createQueryClient } from '@/app/query-client';

/** A fresh QueryClient per test with retries off (lib/resilience does the retrying). */
export function createTestQueryClient(): QueryClient {
  return createQueryClient({ defaultOptions: { queries: { gcTime: Infinity }, mutations: { gcTime: Infinity } } });
}

/**
 * Renders a screen inside a memory router at `route`, with react-query and the toaster. Extra routes can
 * be given so that navigation targets render something recognisable.
 */
export function renderWithProviders(
  ui: React.ReactElement,
  {
    route = '/',
    path = '*',
    routes = [],
    queryClient = createTestQueryClient(),
    ...options
  }: {
    route?: string;
    path?: string;
    routes?: Array<{ path: string; element: React.ReactElement }>;
    queryClient?: QueryClient;
  } & Omit<RenderOptions, 'wrapper'> = {},
) {
  const router = createMemoryRouter([{ path, element: ui }, ...routes], { initialEntries: [route] });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
    options,
  );
  return { ...result, router, queryClient };
}

/** Waits until no lazily loaded panel (components/ui/lazy-panel) still shows its skeleton. */
export async function lazyPanelsLoaded(): Promise<void> {
  // Generous: the first import of a panel's module is transformed on demand, slow on a loaded CI host.
  await waitFor(() => expect(document.querySelector('[data-lazy-panel]')).toBeNull(), { timeout: 15_000 });
}
