// Telegram Bot API fake. Shapes from core.telegram.org/bots/api (Making requests, sendMessage, getMe): POST
// /bot<token>/<method> with JSON; answers {ok:true,result} or {ok:false,error_code,description[,parameters.retry_after]};
// a wrong token gives 401 'Unauthorized', a wrong method 404 'Not Found', a missing chat_id/text 400 'Bad Request: …'.
import { startFake, type Fake, type Received } from './fake-http';

export const TELEGRAM_TOKEN = '123456:ABC-fake-bot-token';

const fail = (status: number, description: string, extra: Record<string, unknown> = {}) => ({
  status,
  json: { ok: false, error_code: status, description, ...extra },
});

export function startTelegram(
  port: number,
  token = TELEGRAM_TOKEN,
): Promise<Fake & { sent: () => { chat_id: unknown; text: unknown }[] }> {
  const call = (r: Received) => /^\/bot([^/]+)\/([A-Za-z]+)$/.exec(r.path);
  const authorized = (r: Received) => call(r)?.[1] === token;
  let nextId = 100;
  const fake = startFake(port, {
    authorized,
    route(r) {
      const match = call(r);
      if (!match) return undefined;
      if (match[1] !== token) return fail(401, 'Unauthorized');
      if (match[2] === 'getMe')
        return {
          status: 200,
          json: { ok: true, result: { id: 123456, is_bot: true, first_name: 'Newsdesk', username: 'newsdesk_bot' } },
        };
      if (match[2] !== 'sendMessage') return fail(404, 'Not Found');
      if (r.method !== 'POST' && r.method !== 'GET') return fail(405, 'Method Not Allowed');
      let body: Record<string, unknown> = {};
      if (r.body) {
        if (!(r.headers['content-type'] ?? '').startsWith('application/json'))
          return fail(400, 'Bad Request: unsupported content type');
        body = JSON.parse(r.body) as Record<string, unknown>;
      }
      if (body.chat_id === undefined || body.chat_id === '') return fail(400, 'Bad Request: chat_id is empty');
      if (typeof body.text !== 'string' || body.text.trim() === '')
        return fail(400, 'Bad Request: message text is empty');
      return {
        status: 200,
        json: {
          ok: true,
          result: {
            message_id: nextId++,
            date: 1763900000,
            chat: { id: -100123, type: 'channel', title: 'Newsdesk' },
            text: body.text,
          },
        },
      };
    },
    error: (status) =>
      status === 429
        ? fail(429, 'Too Many Requests: retry after 5', { parameters: { retry_after: 5 } })
        : fail(status, 'Internal Server Error'),
  });
  return fake.then((f) => ({
    ...f,
    sent: () =>
      f.requests
        .filter((r) => r.path.endsWith('/sendMessage') && authorized(r) && r.body)
        .map((r) => JSON.parse(r.body) as { chat_id: unknown; text: unknown }),
  }));
}
