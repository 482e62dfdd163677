// D-ID fake: only the key test so far; the talks/clips routes are in the video fake. Shapes from
// docs.d-id.com/reference/get-credits (GET /credits, Authorization: Basic <key>, answers {credits:[…],remaining,total})
// and docs.d-id.com/reference/errors ({kind:'AuthorizationError',description} 401; {kind:'TooManyRequestsError'} 429).
import { startFake, type Fake, type Received } from './fake-http';

export const DID_KEY = 'ZGlkOmZha2U6MDEyMzQ1Njc4OQ';

export function startDid(port: number, key = DID_KEY): Promise<Fake> {
  const authorized = (r: Received) => r.headers.authorization === `Basic ${key}`;
  return startFake(port, {
    authorized,
    route(r) {
      if (r.method === 'GET' && r.path === '/credits') {
        return authorized(r)
          ? {
              status: 200,
              json: {
                credits: [{ remaining: 20, total: 20, valid_from: '2026-11-01T00:00:00Z' }],
                remaining: 20,
                total: 20,
              },
            }
          : { status: 401, json: { kind: 'AuthorizationError', description: 'user unauthenticated' } };
      }
      return undefined;
    },
    error: (status) =>
      status === 429
        ? { status, json: { kind: 'TooManyRequestsError', description: 'too many requests' } }
        : { status, json: { kind: 'InternalServerError', description: 'internal error' } },
  });
}
