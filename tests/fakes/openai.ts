// A fake of OpenAI's API (api.openai.com/v1) written from its public reference:
// - GET /v1/models — platform.openai.com/docs/api-reference/models/list ({object 'list', data [{id, object 'model', created,
//   owned_by}]}),
// - POST /v1/chat/completions {model, messages [{role, content}]} — platform.openai.com/docs/api-reference/chat/create
//   (answer {id, object 'chat.completion', created, model, choices [{index, message {role 'assistant', content},
//   finish_reason}], usage}),
// - `Authorization: Bearer <key>`; errors as {error: {message, type, param, code}} — 401 invalid_api_key (its message names
//   part of the key, as OpenAI's does), 429 rate_limit_exceeded with Retry-After (platform.openai.com/docs/guides/error-codes).
import { isJson, nonEmpty, record, sendJson, startFake, type FakeServer } from './fake-server';

type Reply = (messages: { role: string; content: string }[]) => string;

export interface OpenAiFake extends FakeServer {
  /** Sets the assistant's answer to the messages received. */
  setReply(reply: Reply): void;
}

const ROLES = new Set(['system', 'user', 'assistant', 'developer', 'tool']);

export const openAiError = (message: string, type: string, code: string | null) => ({
  error: { message, type, param: null, code },
});

export async function startOpenAiFake(
  port: number,
  options: { apiKey: string; models?: string[] },
): Promise<OpenAiFake> {
  const models = options.models ?? ['gpt-4o-mini', 'gpt-4o'];
  let reply: Reply = (messages) => `Antwort des Modells auf: ${messages.at(-1)?.content.slice(0, 60) ?? ''}`;
  const fake = await startFake(port, (req, res) => {
    const auth = req.headers.authorization ?? '';
    if (auth !== `Bearer ${options.apiKey}`) {
      const given = auth.replace(/^Bearer\s+/, '');
      return sendJson(
        res,
        401,
        openAiError(
          `Incorrect API key provided: ${given}. You can find your API key at https://platform.openai.com/account/api-keys.`,
          'invalid_request_error',
          'invalid_api_key',
        ),
      );
    }
    if (req.method === 'GET' && req.path === '/v1/models') {
      return sendJson(res, 200, {
        object: 'list',
        data: models.map((id) => ({ id, object: 'model', created: 1_715_367_049, owned_by: 'system' })),
      });
    }
    if (req.method === 'POST' && req.path === '/v1/chat/completions') {
      if (!isJson(req))
        return sendJson(
          res,
          400,
          openAiError('Invalid Content-Type header, expected application/json.', 'invalid_request_error', null),
        );
      const body = record(req.body) ?? {};
      if (!nonEmpty(body.model))
        return sendJson(res, 400, openAiError('you must provide a model parameter', 'invalid_request_error', null));
      if (!models.includes(body.model))
        return sendJson(
          res,
          404,
          openAiError(
            `The model \`${body.model}\` does not exist or you do not have access to it.`,
            'invalid_request_error',
            'model_not_found',
          ),
        );
      const messages = body.messages;
      if (!Array.isArray(messages) || messages.length === 0)
        return sendJson(
          res,
          400,
          openAiError("'messages' must contain at least 1 item.", 'invalid_request_error', null),
        );
      const valid = messages.every((m) => ROLES.has(String(record(m)?.role)) && typeof record(m)?.content === 'string');
      if (!valid)
        return sendJson(
          res,
          400,
          openAiError("Invalid 'messages': each needs a role and a content.", 'invalid_request_error', null),
        );
      const content = reply(messages as { role: string; content: string }[]);
      return sendJson(res, 200, {
        id: `chatcmpl-${Math.random().toString(36).slice(2)}`,
        object: 'chat.completion',
        created: Math.floor(Date.now() / 1000),
        model: body.model,
        choices: [
          { index: 0, message: { role: 'assistant', content, refusal: null }, logprobs: null, finish_reason: 'stop' },
        ],
        usage: { prompt_tokens: 20, completion_tokens: 30, total_tokens: 50 },
      });
    }
    return sendJson(res, 404, openAiError(`Invalid URL (${req.method} ${req.path})`, 'invalid_request_error', null));
  });
  return { ...fake, setReply: (next) => void (reply = next) };
}
