import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AuditEntry, QueryOf } from '@/contract';
import { callApi } from '@/lib/api/client';
import { apiKey } from '@/lib/api/query';

export type AuditQuery = NonNullable<QueryOf<'audit.list'>>;

/** One page of the trail with the number of all matches (X-Total-Count), which apiQuery does not read. */
export const auditQuery = (query: AuditQuery) =>
  queryOptions({
    queryKey: apiKey('audit.list', { query }),
    queryFn: async ({ signal }): Promise<{ entries: AuditEntry[]; total: number }> => {
      let total: number | undefined;
      const entries = await callApi('audit.list', {
        query,
        signal,
        onHeaders: (headers) => {
          const value = Number(headers.get('X-Total-Count'));
          if (headers.has('X-Total-Count') && Number.isFinite(value)) total = value;
        },
      });
      return { entries, total: total ?? Number(query.offset ?? 0) + entries.length };
    },
  });
export const useAudit = (query: AuditQuery) => useQuery({ ...auditQuery(query), placeholderData: keepPreviousData });
