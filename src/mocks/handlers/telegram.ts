import { handle } from '../contract-handler';
import { addNotification } from '../store/overview';
import * as store from '../store/telegram';
import type { AnyHandler } from '../types';

/** POST /telegram/notify {message}: records the message once per key (and tells the overview); 400 on a blank message. */
export const telegramHandlers: AnyHandler[] = [
  handle('telegram.notify', ({ body }) => {
    const sent = store.sendMessage(body.message);
    addNotification(`Telegram: ${body.message}`, 'info');
    return { ok: true, id: sent.id };
  }),
];
