import { callApi } from './client';

/** POST /telegram/notify {message}; one key per send, reused by its retries, so a lost answer never posts twice. */
export const notifyTelegram = (message: string, idempotencyKey?: string) =>
  callApi('telegram.notify', {
    body: { message },
    idempotencyKey,
    operation: { kind: 'telegram.notify', args: message },
  });
