import { queryOptions, useQuery } from '@tanstack/react-query';
import { listServerKeys, type SavedKey } from '@/lib/api/keys';
import type { TestResult } from '@/contract';
import { adminKeys } from './keys';

/** The live server's keys: masked forms and last tests only (the browser never holds a key in live mode). */
export const serverKeysQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.serverKeys(), queryFn: ({ signal }) => listServerKeys(signal) });

export function useServerKeys(enabled: boolean): Record<string, SavedKey> {
  const { data } = useQuery({ ...serverKeysQueryOptions(), enabled });
  return Object.fromEntries((data ?? []).map((k) => [k.service, k]));
}

/** A stored key's last test as the row's result. */
export function lastTestOf(key: SavedKey | undefined): TestResult | undefined {
  if (!key?.lastTested || !key.status) return undefined;
  return {
    success: key.status === 'online',
    status: key.status,
    responseTime: key.responseTime ?? 0,
    lastTested: key.lastTested,
    ...(key.error ? { error: key.error } : {}),
  };
}
