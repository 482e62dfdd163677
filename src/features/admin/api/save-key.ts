import type { SavedKey } from '@/contract';
import { useApiMutation } from '@/lib/api/query';
import { errorMessage } from '@/lib/http/api-error';
import { redact } from '@/lib/security/redact';
import { messages } from '../messages';

/** The key goes to the server once and is kept there encrypted; never retried, never in the error log. */
export const useSaveKey = () =>
  useApiMutation(
    'keys.save',
    ({ service, key }: { service: SavedKey['service']; key: string }) => ({
      params: { service },
      body: { key },
      retries: false,
      record: false,
    }),
    { meta: { error: messages.keys.saveFailed, reason: (error) => redact(errorMessage(error)) } },
  );
