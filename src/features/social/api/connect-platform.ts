import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Platform } from '@/contract';
import { callApi } from '@/lib/api/client';
import { refreshAfter } from '@/lib/api/query';
import { messages } from '../messages';

const operationOf = (connected: boolean) => (connected ? 'social.connect' : 'social.disconnect');

/** Connect or Disconnect on a platform card: one button, two operations; what either changed is marked stale. */
export function useConnectPlatform() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, connected }: { id: Platform; connected: boolean }) =>
      callApi(operationOf(connected), { params: { id } }),
    onSuccess: (platform, { id, connected }) =>
      refreshAfter(queryClient, operationOf(connected), platform, { params: { id } }),
    meta: { error: messages.error },
  });
}
