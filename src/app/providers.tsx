import { QueryClientProvider } from '@tanstack/react-query';
import type * as React from 'react';
import { appQueryClient } from './query-client';

/** react-query for the dashboard: mounted in the dashboard layout so the landing page does not load it. */
export function DataProviders({ children }: { children: React.ReactNode }) {
  return <QueryClientProvider client={appQueryClient()}>{children}</QueryClientProvider>;
}
