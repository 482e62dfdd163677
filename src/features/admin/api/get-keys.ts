import { useQuery } from '@tanstack/react-query';
import type { SavedKey, TestResult } from '@/contract';
import { apiQuery } from '@/lib/api/query';

/** The live server's keys: masked forms and last tests only (the browser never holds a key in live mode). */
export const keysQuery = () => apiQuery('keys.list', { retries: false });

export function useServerKeys(enabled: boolean): Record<string, SavedKey> {
  const { data } = useQuery({ ...keysQuery(), enabled });
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
