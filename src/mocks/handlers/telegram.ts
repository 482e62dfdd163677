import { http, HttpResponse } from 'msw';
import { addNotification } from '../store/overview';
import * as store from '../store/telegram';
import type { AnyHandler } from '../types';

/** POST /telegram/notify {message}: records the message (and tells the overview); 400 on a blank message. */
export const telegramHandlers: AnyHandler[] = [
  http.post<never, { message?: unknown }, { ok: boolean; id?: string; message?: string }>('*/api/telegram/notify', async ({ request }) => {
    const body = (await request.json().catch(() => ({}))) as { message?: unknown };
    if (typeof body.message !== 'string' || !body.message.trim()) return HttpResponse.json({ ok: false, message: 'message fehlt' }, { status: 400 });
    const sent = store.sendMessage(body.message);
    addNotification(`Telegram: ${body.message}`, 'info');
    return HttpResponse.json({ ok: true, id: sent.id });
  }),
];
