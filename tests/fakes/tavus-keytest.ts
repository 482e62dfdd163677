// Tavus fake: only the key test so far; the video routes are in the video fakes. Shapes from
// docs.tavus.io/api-reference/phoenix-replica-model/get-replicas (GET /v2/replicas, header x-api-key, answers
// {data:[…],total_count}); errors {message} with 401 (invalid access token) and 429.
import { startFake, type Fake, type Received } from './fake-http';

export const TAVUS_KEY = 'tv-fake-0123456789abcdef';

export function startTavus(port: number, key = TAVUS_KEY): Promise<Fake> {
  const authorized = (r: Received) => r.headers['x-api-key'] === key;
  return startFake(port, {
    authorized,
    route(r) {
      if (r.method === 'GET' && r.path === '/v2/replicas') {
        return authorized(r)
          ? {
              status: 200,
              json: { data: [{ replica_id: 'r79e1c033f', replica_name: 'Anna', status: 'completed' }], total_count: 1 },
            }
          : { status: 401, json: { message: 'Invalid access token' } };
      }
      return undefined;
    },
    error: (status) => ({ status, json: { message: status === 429 ? 'Too many requests' : 'Internal server error' } }),
  });
}
