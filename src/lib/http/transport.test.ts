import { delay, http, HttpResponse } from 'msw';
import { server } from '@/mocks/node';
import { ApiError, errorMessage, httpError } from './api-error';
import { DEFAULT_TIMEOUT_MS, transport, uploadWithProgress } from './transport';

const URL_ = 'http://localhost:3000/api/thing';

describe('transport', () => {
  test('non-2xx gives the SPEC message with SERVER_ERROR for 5xx', async () => {
    server.use(http.get(URL_, () => new HttpResponse('kaputt', { status: 503 })));
    const error = await transport(URL_).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('API request failed with status 503: kaputt');
    expect((error as ApiError).code).toBe('SERVER_ERROR');
  });

  test('4xx is CLIENT_ERROR', async () => {
    server.use(http.get(URL_, () => new HttpResponse('nein', { status: 404 })));
    const error = (await transport(URL_).catch((e: unknown) => e)) as ApiError;
    expect(error.message).toBe('API request failed with status 404: nein');
    expect(error.code).toBe('CLIENT_ERROR');
  });

  test('204 resolves to undefined and JSON is parsed', async () => {
    server.use(http.get(URL_, () => new HttpResponse(null, { status: 204 })));
    await expect(transport(URL_)).resolves.toBeUndefined();
    server.use(http.get(URL_, () => HttpResponse.json({ a: 1 })));
    await expect(transport(URL_)).resolves.toEqual({ a: 1 });
  });

  test('a non-JSON body that cannot be parsed gives the SPEC message', async () => {
    server.use(http.get(URL_, () => HttpResponse.text('<html>')));
    await expect(transport(URL_)).rejects.toThrow(`Non-JSON response with status 200 at ${URL_}: <html>`);
  });

  test('a time-out says Connection timeout', async () => {
    server.use(
      http.get(URL_, async () => {
        await new Promise((r) => setTimeout(r, 200));
        return HttpResponse.json({});
      }),
    );
    const error = (await transport(URL_, { timeoutMs: 20 }).catch((e: unknown) => e)) as ApiError;
    expect(error.message).toBe('Connection timeout');
    expect(error.code).toBe('TIMEOUT');
  });

  test('a network failure is NETWORK_ERROR', async () => {
    server.use(http.get(URL_, () => HttpResponse.error()));
    const error = (await transport(URL_).catch((e: unknown) => e)) as ApiError;
    expect(error.code).toBe('NETWORK_ERROR');
  });
});

describe('transport: more of SPEC §7/§8', () => {
  test('a JSON content type with a body that is not JSON gives the Non-JSON message', async () => {
    server.use(
      http.get(
        URL_,
        () => new HttpResponse('{kaputt', { status: 200, headers: { 'Content-Type': 'application/json' } }),
      ),
    );
    const error = (await transport(URL_).catch((e: unknown) => e)) as ApiError;
    expect(error.message).toBe(`Non-JSON response with status 200 at ${URL_}: {kaputt`);
    expect(error.code).toBe('PARSE_ERROR');
  });

  test('a JSON body without a JSON content type is still parsed; an empty 200 is undefined', async () => {
    server.use(http.get(URL_, () => HttpResponse.text('{"a":2}')));
    await expect(transport(URL_)).resolves.toEqual({ a: 2 });
    server.use(http.get(URL_, () => new HttpResponse('', { status: 200 })));
    await expect(transport(URL_)).resolves.toBeUndefined();
  });

  test('a 201 with JSON and a blob or text response type', async () => {
    server.use(http.post(URL_, () => HttpResponse.json({ id: 1 }, { status: 201 })));
    await expect(transport(URL_, { method: 'POST', json: {} })).resolves.toEqual({ id: 1 });
    server.use(http.get(URL_, () => HttpResponse.text('Hallo')));
    await expect(transport(URL_, { responseType: 'text' })).resolves.toBe('Hallo');
    server.use(
      http.get(URL_, () =>
        HttpResponse.arrayBuffer(new Uint8Array([1, 2]).buffer, { headers: { 'Content-Type': 'audio/wav' } }),
      ),
    );
    const blob = (await transport(URL_, { responseType: 'blob' })) as Blob;
    expect(blob.size).toBe(2);
    expect(blob.type).toBe('audio/wav');
  });

  test('sends JSON with its content type, query parameters and headers', async () => {
    let seen: {
      type: string | null;
      accept: string | null;
      custom: string | null;
      query: string;
      body: unknown;
    } | null = null;
    server.use(
      http.post(URL_, async ({ request }) => {
        seen = {
          type: request.headers.get('content-type'),
          accept: request.headers.get('accept'),
          custom: request.headers.get('x-client'),
          query: new URL(request.url).search,
          body: await request.json(),
        };
        return new HttpResponse(null, { status: 204 });
      }),
    );
    await transport(URL_, {
      method: 'POST',
      json: { topic: 'KI' },
      query: { limit: 10, skip: undefined },
      headers: { 'X-Client': 'newsdesk' },
    });
    expect(seen).toEqual({
      type: 'application/json',
      accept: 'application/json',
      custom: 'newsdesk',
      query: '?limit=10',
      body: { topic: 'KI' },
    });
  });

  test('a 5xx error body is kept whole in the message', async () => {
    server.use(http.get(URL_, () => HttpResponse.json({ message: 'Datenbank nicht erreichbar' }, { status: 500 })));
    await expect(transport(URL_)).rejects.toThrow(
      'API request failed with status 500: {"message":"Datenbank nicht erreichbar"}',
    );
  });

  test('an already aborted signal sends nothing and rejects with the abort', async () => {
    let hits = 0;
    server.use(
      http.get(URL_, () => {
        hits += 1;
        return HttpResponse.json({});
      }),
    );
    const controller = new AbortController();
    controller.abort();
    const error = (await transport(URL_, { signal: controller.signal }).catch((e: unknown) => e)) as Error;
    expect(error.name).toBe('AbortError');
    expect(hits).toBe(0);
  });

  test('a caller abort is an AbortError, not a time-out or network error', async () => {
    server.use(
      http.get(URL_, async () => {
        await new Promise((r) => setTimeout(r, 200));
        return HttpResponse.json({});
      }),
    );
    const controller = new AbortController();
    const outcome = transport(URL_, { signal: controller.signal, timeoutMs: 5000 }).catch((e: unknown) => e);
    setTimeout(() => controller.abort(), 10);
    const error = (await outcome) as Error;
    expect(error).not.toBeInstanceOf(ApiError);
    expect(error.name).toBe('AbortError');
  });
});

describe('errorMessage', () => {
  test("falls back to 'An error occurred'", () => {
    expect(errorMessage(new Error(''))).toBe('An error occurred');
    expect(errorMessage(undefined)).toBe('An error occurred');
    expect(errorMessage({})).toBe('An error occurred');
    expect(errorMessage('Kaputt')).toBe('Kaputt');
    expect(new ApiError('', { code: 'UNKNOWN' }).message).toBe('An error occurred');
  });

  test('httpError codes: 499 is CLIENT_ERROR, 500 SERVER_ERROR', () => {
    expect(httpError(499, 'x', 'u').code).toBe('CLIENT_ERROR');
    expect(httpError(500, 'x', 'u').code).toBe('SERVER_ERROR');
  });
});

describe('uploadWithProgress (XMLHttpRequest)', () => {
  const UP = 'http://localhost:3000/api/up';
  const form = () => {
    const f = new FormData();
    f.append('metadata', '{}');
    return f;
  };

  test('resolves JSON and reports 100 at the end', async () => {
    server.use(http.post(UP, () => HttpResponse.json({ id: 'm1' })));
    const progress: number[] = [];
    await expect(uploadWithProgress(UP, form(), { onProgress: (p) => progress.push(p) })).resolves.toEqual({
      id: 'm1',
    });
    expect(progress.at(-1)).toBe(100);
  });

  test('non-2xx, non-JSON and network failures give the same errors as transport()', async () => {
    server.use(http.post(UP, () => new HttpResponse('voll', { status: 507 })));
    await expect(uploadWithProgress(UP, form())).rejects.toMatchObject({
      message: 'API request failed with status 507: voll',
      code: 'SERVER_ERROR',
    });
    server.use(http.post(UP, () => HttpResponse.text('<html>')));
    await expect(uploadWithProgress(UP, form())).rejects.toMatchObject({
      message: `Non-JSON response with status 200 at ${UP}: <html>`,
      code: 'PARSE_ERROR',
    });
    server.use(http.post(UP, () => HttpResponse.error()));
    await expect(uploadWithProgress(UP, form())).rejects.toMatchObject({
      message: 'An error occurred',
      code: 'NETWORK_ERROR',
    });
  });

  test('an upload that stops moving is given up with TIMEOUT; the total time is not limited', async () => {
    server.use(http.post(UP, () => delay('infinite')));
    const error = (await uploadWithProgress(UP, form(), { stallTimeoutMs: 200 }).catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'TIMEOUT', message: 'Connection timeout' });
  });
});

describe('time-outs of transport', () => {
  test('a backend that never answers is cut off by the default time-out', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      server.use(http.get(URL_, () => delay('infinite')));
      const outcome = transport(URL_).catch((e: unknown) => e);
      await vi.advanceTimersByTimeAsync(DEFAULT_TIMEOUT_MS);
      expect(await outcome).toMatchObject({ code: 'TIMEOUT', message: 'Connection timeout' });
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('the time-out signal', () => {
  test("the caller's signal and AbortSignal.timeout(ms) are joined by AbortSignal.any", async () => {
    const any = vi.spyOn(AbortSignal, 'any');
    server.use(http.get(URL_, () => HttpResponse.json({ ok: true })));
    const caller = new AbortController();
    await expect(transport(URL_, { signal: caller.signal, timeoutMs: 1234 })).resolves.toEqual({ ok: true });
    expect(AbortSignal.timeout).toHaveBeenCalledWith(1234);
    expect(any).toHaveBeenCalledTimes(1);
    const joined = any.mock.calls[0][0] as AbortSignal[];
    expect(joined[0]).toBe(caller.signal);
    expect(joined[1]).toBe(vi.mocked(AbortSignal.timeout).mock.results[0].value);
    any.mockRestore();
  });

  test("the browser's own AbortSignal.timeout cuts off a backend that never answers", async () => {
    // The test clock stands in for it elsewhere (tests/setup.ts); here the native timer runs.
    vi.mocked(AbortSignal.timeout).mockRestore();
    server.use(http.get(URL_, () => delay('infinite')));
    const error = await transport(URL_, { timeoutMs: 30 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'TIMEOUT', message: 'Connection timeout' });
  });

  test('timeoutMs 0 sets no time-out at all', async () => {
    server.use(http.get(URL_, () => HttpResponse.json({})));
    await transport(URL_, { timeoutMs: 0 });
    expect(AbortSignal.timeout).not.toHaveBeenCalled();
  });
});
