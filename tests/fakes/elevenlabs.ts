// ElevenLabs fake. Shapes from elevenlabs.io/docs/api-reference/text-to-speech/convert (POST /v1/text-to-speech/{voice_id},
// header xi-api-key, JSON {text, model_id}, query output_format, answers audio/mpeg), /docs/api-reference/user/get
// (GET /v1/user) and the error pages: 401 {detail:{status:'invalid_api_key',message}}, 422 {detail:[{loc,msg,type}]},
// 429 {detail:{status:'too_many_concurrent_requests'|'system_busy',message}}.
import { FAKE_MP3, startFake, type Fake, type Received, type Reply } from './fake-http';

export const ELEVENLABS_KEY = 'xi-fake-0123456789abcdef';

const invalidKey: Reply = { status: 401, json: { detail: { status: 'invalid_api_key', message: 'Invalid API key' } } };

export function startElevenLabs(port: number, key = ELEVENLABS_KEY): Promise<Fake> {
  const authorized = (r: Received) => r.headers['xi-api-key'] === key;
  return startFake(port, {
    authorized,
    route(r) {
      const tts = /^\/v1\/text-to-speech\/([A-Za-z0-9]+)$/.exec(r.path);
      if (r.method === 'GET' && r.path === '/v1/user') {
        return authorized(r)
          ? {
              status: 200,
              json: {
                subscription: { tier: 'starter', character_count: 120, character_limit: 30000 },
                is_new_user: false,
                xi_api_key: undefined,
              },
            }
          : invalidKey;
      }
      if (r.method === 'POST' && tts) {
        if (!authorized(r)) return invalidKey;
        if (!(r.headers['content-type'] ?? '').startsWith('application/json'))
          return {
            status: 415,
            json: { detail: { status: 'invalid_content_type', message: 'Content-Type must be application/json' } },
          };
        let body: { text?: unknown; model_id?: unknown };
        try {
          body = JSON.parse(r.body) as typeof body;
        } catch {
          return { status: 400, json: { detail: { status: 'invalid_json', message: 'Invalid JSON' } } };
        }
        if (typeof body.text !== 'string' || body.text.trim() === '')
          return { status: 422, json: { detail: [{ loc: ['body', 'text'], msg: 'Field required', type: 'missing' }] } };
        return { status: 200, body: FAKE_MP3, headers: { 'Content-Type': 'audio/mpeg' } };
      }
      return undefined;
    },
    error: (status) =>
      status === 429
        ? {
            status,
            json: {
              detail: {
                status: 'too_many_concurrent_requests',
                message: 'Too many concurrent requests for your subscription.',
              },
            },
          }
        : { status, json: { detail: { status: 'internal_error', message: 'An internal error occurred.' } } },
  });
}
