import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type * as React from 'react';
import { describe, expect, onTestFinished, test } from 'vitest';
import { usePlatforms as useAdminPlatforms } from '@/features/admin/api/get-platforms';
import { useSetPlatformConnected } from '@/features/admin/api/set-platform-connected';
import { useConnectPlatform as useSetConnected } from '@/features/social/api/connect-platform';
import { usePlatforms as useSocialPlatforms } from '@/features/social/api/get-platforms';
import { server } from '@/mocks/node';
import { createTestQueryClient } from './render';

// Social platforms are shown by two screens; their query key lives once in lib/api/query-keys.
function setup() {
  const queryClient = createTestQueryClient();
  const wrapper = ({ children }: { children: React.ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  let listCalls = 0;
  const count = ({ request }: { request: Request }) => {
    if (request.method === 'GET' && new URL(request.url).pathname.endsWith('/api/social/platforms')) listCalls += 1;
  };
  server.events.on('request:start', count);
  onTestFinished(() => server.events.removeListener('request:start', count));
  return { wrapper, calls: () => listCalls };
}

const tiktok = (list: Array<{ id: string; connected: boolean }> | undefined) =>
  list?.find((p) => p.id === 'tiktok')?.connected;

type PlatformList = () => { isSuccess: boolean; data?: Array<{ id: string; connected: boolean }> };
type Connect = () => { mutateAsync: (input: { id: 'tiktok'; connected: boolean }) => Promise<unknown> };

/** Connects or disconnects TikTok with one screen's mutation and expects the other screen's list to follow. */
async function expectListFollows(useList: PlatformList, useConnect: Connect) {
  const { wrapper, calls } = setup();
  const list = renderHook(() => useList(), { wrapper });
  await waitFor(() => expect(list.result.current.isSuccess).toBe(true));
  const before = tiktok(list.result.current.data);
  const fetched = calls();
  const mutation = renderHook(() => useConnect(), { wrapper });
  await act(() => mutation.result.current.mutateAsync({ id: 'tiktok', connected: !before }));
  await waitFor(() => expect(tiktok(list.result.current.data)).toBe(!before));
  await waitFor(() => expect(calls()).toBeGreaterThan(fetched));
}

describe('social platforms: one query key for Admin → Social and the Social screen', () => {
  test("connecting a platform in Admin → Social refreshes the Social screen's list", () =>
    expectListFollows(useSocialPlatforms, useSetPlatformConnected));
  test("connecting a platform on the Social screen refreshes Admin → Social's list", () =>
    expectListFollows(useAdminPlatforms, useSetConnected));
});
