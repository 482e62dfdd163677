import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type * as React from 'react';
import { Toaster } from 'sonner';
import { useTheme } from './theme';

export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: React.ReactNode }) {
  const [theme] = useTheme();
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Toaster theme={theme} richColors closeButton position="top-right" visibleToasts={3} duration={4000} />
    </QueryClientProvider>
  );
}
