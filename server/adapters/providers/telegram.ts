// Telegram Bot API sendMessage (core.telegram.org/bots/api#sendmessage): POST /bot<token>/sendMessage {chat_id, text}.
import { HttpError, notConfigured, uncertain } from '../../http/errors';
import type { Credentials } from './credentials';
import { ProviderError, providerFetch } from './http';

/** Sends `text` to TELEGRAM_CHAT_ID; answers the message id. 503 'Telegram ist nicht konfiguriert.' without token or chat. */
export async function sendTelegramMessage(credentials: Credentials, text: string): Promise<{ ok: true; id: string }> {
  const token = await credentials.key('telegram');
  const chat = credentials.setting('TELEGRAM_CHAT_ID');
  if (!token || !chat) throw notConfigured('Telegram');
  try {
    const response = await providerFetch('telegram', `${credentials.url('telegram')}/bot${token}/sendMessage`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ chat_id: chat, text }),
      secret: token,
    });
    const body = (await response.json()) as { ok?: boolean; result?: { message_id?: number } };
    if (!body.ok) throw new HttpError(502, 'Telegram hat die Nachricht nicht angenommen.', 'provider_rejected');
    return { ok: true, id: String(body.result?.message_id ?? '') };
  } catch (error) {
    // Sent, and no answer in time: Telegram may have posted it, so it is said so and not sent again.
    if (error instanceof ProviderError && error.status === 0 && error.statusText === 'Connection timeout')
      throw uncertain(
        `${error.message} Die Nachricht ist möglicherweise trotzdem angekommen und wird nicht noch einmal gesendet – bitte in Telegram prüfen.`,
      );
    if (error instanceof ProviderError)
      throw new HttpError(
        error.retryable ? 503 : 502,
        error.message,
        error.retryable ? 'provider_unavailable' : 'provider_rejected',
      );
    throw error;
  }
}
