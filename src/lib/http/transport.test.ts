import { http, HttpResponse } from 'msw';
import { server } from '@/mocks/node';
import { ApiError } from './api-error';
import { transport } from './transport';

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
    server.use(http.get(URL_, async () => { await new Promise((r) => setTimeout(r, 200)); return HttpResponse.json({}); }));
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
