import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type * as React from 'react';
import { describe, expect, onTestFinished, test } from 'vitest';
import { usePlatforms as useAdminPlatforms, useSetPlatformConnected } from '@/features/admin/api/platforms';
import { usePlatforms as useSocialPlatforms, useSetConnected } from '@/features/social/api/social';
import { server } from '@/mocks/node';
import { createTestQueryClient } from './render';

// Social platforms are shown by two screens; their query key lives once in lib/api/query-keys.
function setup() {
  const queryClient = createTestQueryClient();
  const wrapper = ({ children }: { children: React.ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  let listCalls = 0;
  const count = ({ request }: { request: Request }) => {
    if (request.method === 'GET' && new URL(request.url).pathname.endsWith('/api/social/platforms')) listCalls += 1;
  };
  server.events.on('request:start', count);
  onTestFinished(() => server.events.removeListener('request:start', count));
  return { wrapper, calls: () => listCalls };
}

const tiktok = (list: Array<{ id: string; connected: boolean }> | undefined) => list?.find((p) => p.id === 'tiktok')?.connected;

describe('social platforms: one query key for Admin → Social and the Social screen', () => {
  test('connecting a platform in Admin → Social refreshes the Social screen\'s list', async () => {
    const { wrapper, calls } = setup();
    const social = renderHook(() => useSocialPlatforms(), { wrapper });
    await waitFor(() => expect(social.result.current.isSuccess).toBe(true));
    const before = tiktok(social.result.current.data);
    const fetched = calls();
    const admin = renderHook(() => useSetPlatformConnected(), { wrapper });
    await act(() => admin.result.current.mutateAsync({ id: 'tiktok', connected: !before }));
    await waitFor(() => expect(tiktok(social.result.current.data)).toBe(!before));
    expect(calls()).toBeGreaterThan(fetched);
  });

  test('connecting a platform on the Social screen refreshes Admin → Social\'s list', async () => {
    const { wrapper, calls } = setup();
    const admin = renderHook(() => useAdminPlatforms(), { wrapper });
    await waitFor(() => expect(admin.result.current.isSuccess).toBe(true));
    const before = tiktok(admin.result.current.data);
    const fetched = calls();
    const social = renderHook(() => useSetConnected(), { wrapper });
    await act(() => social.result.current.mutateAsync({ id: 'tiktok', connected: !before }));
    await waitFor(() => expect(tiktok(admin.result.current.data)).toBe(!before));
    await waitFor(() => expect(calls()).toBeGreaterThan(fetched));
  });
});
