// OpenAI fake, extensible: `extraRoutes` lets other areas (chat completions) add their routes to the same server.
// Shapes from platform.openai.com/docs/api-reference/models/list (GET /v1/models, Authorization: Bearer) and
// /docs/guides/error-codes: 401 {error:{message,type:'invalid_request_error',code:'invalid_api_key'}}, 429 rate_limit_exceeded, 500.
import { startFake, type Fake, type Received, type Reply } from './fake-http';

export const OPENAI_KEY = 'sk-fake-0123456789abcdef';

export const openAiError = (
  status: number,
  message: string,
  code: string | null,
  type = 'invalid_request_error',
): Reply => ({ status, json: { error: { message, type, param: null, code } } });

/** The fake serves under /v1 (set OPENAI_API_URL to `${url}/v1`). */
export function startOpenAi(
  port: number,
  options: { key?: string; extraRoutes?: (r: Received, authorized: boolean) => Reply | undefined } = {},
): Promise<Fake> {
  const key = options.key ?? OPENAI_KEY;
  const authorized = (r: Received) => r.headers.authorization === `Bearer ${key}`;
  return startFake(port, {
    authorized,
    route(r) {
      const extra = options.extraRoutes?.(r, authorized(r));
      if (extra) return extra;
      if (r.method === 'GET' && r.path === '/v1/models') {
        if (!authorized(r)) return openAiError(401, 'Incorrect API key provided.', 'invalid_api_key');
        return {
          status: 200,
          json: {
            object: 'list',
            data: [{ id: 'gpt-4o-mini', object: 'model', created: 1721172741, owned_by: 'system' }],
          },
        };
      }
      return undefined;
    },
    error: (status) =>
      status === 429
        ? openAiError(429, 'Rate limit reached for requests', 'rate_limit_exceeded', 'requests')
        : openAiError(status, 'The server had an error while processing your request.', null, 'server_error'),
  });
}
