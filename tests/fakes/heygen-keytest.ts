// HeyGen fake: only the key test so far; the video routes are in the video fakes. Shapes from
// docs.heygen.com/reference/get-remaining-quota-v2 (GET /v2/user/remaining_quota, header X-Api-Key, answers
// {error:null,data:{remaining_quota}}) and the error shape {error:{code,message}} (401 invalid key, 429 rate limit).
import { startFake, type Fake, type Received } from './fake-http';

export const HEYGEN_KEY = 'hg-fake-0123456789abcdef';

export function startHeyGen(port: number, key = HEYGEN_KEY): Promise<Fake> {
  const authorized = (r: Received) => r.headers['x-api-key'] === key;
  return startFake(port, {
    authorized,
    route(r) {
      if (r.method === 'GET' && r.path === '/v2/user/remaining_quota') {
        return authorized(r)
          ? { status: 200, json: { error: null, data: { remaining_quota: 3600, details: { api: 3600 } } } }
          : { status: 401, json: { error: { code: 'invalid_api_key', message: 'Invalid API key' }, data: null } };
      }
      return undefined;
    },
    error: (status) => ({
      status,
      json: {
        error: {
          code: status === 429 ? 'rate_limit_exceeded' : 'internal_error',
          message: status === 429 ? 'Rate limit exceeded' : 'Internal error',
        },
        data: null,
      },
    }),
  });
}
