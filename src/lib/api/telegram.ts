import { apiRequest } from './client';

/** POST /telegram/notify {message} */
export const notifyTelegram = (message: string) =>
  apiRequest<{ ok: boolean }>('/telegram/notify', { method: 'POST', json: { message }, operation: { kind: 'telegram.notify', args: message } });
