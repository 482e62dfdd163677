import { useMutation } from '@tanstack/react-query';
import type { QueryOf } from '@/contract';
import { callApi } from '@/lib/api/client';
import { dateStamp, saveBlob } from '@/lib/utils/download';
import { serverMessage } from '../lib/server-message';
import { messages } from '../messages';

type ExportQuery = NonNullable<QueryOf<'audit.export'>>;

/** GET /audit/export as a file: the filtered trail, saved as protokoll-<date>.csv or .json. */
export const useExportAudit = () =>
  useMutation({
    mutationFn: async (query: ExportQuery) => {
      const blob = await callApi('audit.export', { query });
      saveBlob(blob, `protokoll-${dateStamp()}.${query.format}`);
    },
    meta: { error: messages.audit.exportFailed, reason: serverMessage },
  });
