// A Telegram Bot API fake. Shapes from https://core.telegram.org/bots/api ("Making requests": POST /bot<token>/METHOD,
// JSON body; answer {ok, result} or {ok:false, error_code, description, parameters.retry_after}; #sendmessage,
// #sendphoto, #sendvideo — a text holds 1-4096 characters, a caption 0-1024 (longer: "message is too long" /
// "message caption is too long"); a wrong token answers 401 "Unauthorized", an unknown method 404 "Not Found").
import { jsonOf, startFake, type FakeServer, type LoggedRequest, type Reply } from './social-fake-http';

export const TELEGRAM_TOKEN = '123456:fake-bot-token';

const fail = (code: number, description: string, extra: Record<string, unknown> = {}): Reply => ({
  status: code,
  body: { ok: false, error_code: code, description, ...extra },
});

/** A 429 as Telegram sends it ("Too Many Requests: retry after N"). */
export const telegramRateLimit = (seconds = 1): Reply =>
  fail(429, `Too Many Requests: retry after ${seconds}`, { parameters: { retry_after: seconds } });

export function startTelegramFake(
  port = 0,
  token = TELEGRAM_TOKEN,
): Promise<FakeServer & { sent: () => Record<string, unknown>[] }> {
  let messageId = 100;
  const delivered: Record<string, unknown>[] = [];
  const route = (req: LoggedRequest): Reply => {
    const m = /^\/bot([^/]+)\/(\w+)$/.exec(req.path);
    if (!m) return fail(404, 'Not Found');
    if (m[1] !== token) return fail(401, 'Unauthorized');
    if (req.method !== 'POST' && req.method !== 'GET') return fail(405, 'Method Not Allowed');
    const body = jsonOf(req);
    if (!body) return fail(400, 'Bad Request: expected a JSON body');
    const need = { sendMessage: 'text', sendPhoto: 'photo', sendVideo: 'video' }[m[2]];
    if (!need) return fail(404, 'Not Found: method not found');
    if (body.chat_id === undefined || body.chat_id === '') return fail(400, 'Bad Request: chat_id is empty');
    if (typeof body[need] !== 'string' || body[need] === '')
      return fail(
        400,
        `Bad Request: ${need === 'text' ? 'message text is empty' : `there is no ${need} in the request`}`,
      );
    if (body.chat_id === 'unknown') return fail(400, 'Bad Request: chat not found');
    if (need === 'text' && String(body.text).length > 4096) return fail(400, 'Bad Request: message is too long');
    if (need !== 'text' && typeof body.caption === 'string' && body.caption.length > 1024)
      return fail(400, 'Bad Request: message caption is too long');
    messageId += 1;
    delivered.push(body);
    return {
      status: 200,
      body: {
        ok: true,
        result: {
          message_id: messageId,
          date: Math.floor(Date.now() / 1000),
          chat: { id: body.chat_id, type: 'channel' },
          ...(need === 'text' ? { text: body.text } : { caption: body.caption }),
        },
      },
    };
  };
  return startFake(port, route).then((fake) => ({
    ...fake,
    /** The bodies of the messages that went out (accepted ones only). */
    sent: () => [...delivered],
  }));
}
