import { registerStore } from './store';

/** A stored first answer: enough to send it again byte for byte. */
interface Stored {
  status: number;
  statusText: string;
  headers: Array<[string, string]>;
  body: ArrayBuffer;
  /** The JSON request body the key was first used with (multipart bodies are not compared: their boundary changes). */
  fingerprint: string | null;
}

let answers = new Map<string, Stored>();
registerStore(() => {
  answers = new Map();
});

async function fingerprintOf(request: Request): Promise<string | null> {
  if (!(request.headers.get('content-type') ?? '').includes('application/json')) return null;
  return request.clone().text();
}

/**
 * Honours the Idempotency-Key as a server must: the first request with a key acts and its answer is stored (by
 * method, path and key); a repeat gets that stored answer and acts no second time. A 5xx is not stored (nothing is
 * known to have happened); a key reused with another JSON body is refused with 422.
 */
export async function idempotent(request: Request, act: () => Promise<Response>): Promise<Response> {
  const key = request.headers.get('Idempotency-Key');
  if (!key) return act();
  const id = `${request.method} ${new URL(request.url).pathname} ${key}`;
  const fingerprint = await fingerprintOf(request);
  const known = answers.get(id);
  if (known) {
    if (known.fingerprint !== null && fingerprint !== null && known.fingerprint !== fingerprint) {
      return Response.json(
        { message: 'Der Idempotency-Key wurde bereits für eine andere Anfrage verwendet.' },
        { status: 422 },
      );
    }
    return new Response(known.status === 204 ? null : known.body.slice(0), {
      status: known.status,
      statusText: known.statusText,
      headers: [...known.headers, ['Idempotent-Replayed', 'true']],
    });
  }
  const response = await act();
  // A dropped network (Response.error()) and a 5xx say nothing happened for sure: the next attempt acts again.
  if (response.type === 'error' || response.status >= 500) return response;
  const body = await response.clone().arrayBuffer();
  answers.set(id, {
    status: response.status,
    statusText: response.statusText,
    headers: [...response.headers.entries()],
    body,
    fingerprint,
  });
  return response;
}
