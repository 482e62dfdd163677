import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Platform } from '@/contract';
import { callApi } from '@/lib/api/client';
import { refreshAfter } from '@/lib/api/query';

const operationOf = (connected: boolean) => (connected ? 'social.connect' : 'social.disconnect');

/** Connects or disconnects a platform: one switch, two operations; what either changed is marked stale. */
export function useSetPlatformConnected() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['social', 'social.connect'],
    mutationFn: ({ id, connected }: { id: Platform; connected: boolean }) =>
      callApi(operationOf(connected), { params: { id } }),
    onSuccess: (platform, { id, connected }) =>
      refreshAfter(queryClient, operationOf(connected), platform, { params: { id } }),
  });
}
