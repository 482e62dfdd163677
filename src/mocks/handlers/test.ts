import { HttpResponse } from 'msw';
import { handle } from '../contract-handler';
import type { AnyHandler } from '../types';

// Written out here (not imported from lib/api) so a test proves the client sends each provider's header.
const KEY_HEADER: Record<string, { header: string; prefix: string }> = {
  openai: { header: 'authorization', prefix: 'Bearer ' },
  elevenlabs: { header: 'xi-api-key', prefix: '' },
  azure: { header: 'ocp-apim-subscription-key', prefix: '' },
  tavus: { header: 'x-api-key', prefix: '' },
  vidau: { header: 'x-api-key', prefix: '' },
  modelslab: { header: 'x-api-key', prefix: '' },
  heygen: { header: 'x-api-key', prefix: '' },
  did: { header: 'authorization', prefix: 'Basic ' },
  pexels: { header: 'authorization', prefix: '' },
  unsplash: { header: 'authorization', prefix: 'Client-ID ' },
};

function check(service: string, headers: Headers) {
  const rule = KEY_HEADER[service];
  if (!rule)
    return HttpResponse.json({ success: false, error: 'Unknown service', message: 'Unknown service' }, { status: 404 });
  const value = headers.get(rule.header) ?? '';
  const key = value.startsWith(rule.prefix) ? value.slice(rule.prefix.length).trim() : '';
  if (!key)
    return HttpResponse.json(
      { success: false, error: 'Ungültiger API-Schlüssel', message: 'Ungültiger API-Schlüssel' },
      { status: 401, statusText: 'Unauthorized' },
    );
  return { success: true, service };
}

/** POST /test/openai, GET /test/{service}: ok for any non-empty key in the provider's header, else 401. */
export const testHandlers: AnyHandler[] = [
  handle('test.openai', ({ request }) => check('openai', request.headers)),
  handle('test.service', ({ params, request }) =>
    params.service === 'openai'
      ? HttpResponse.json({ message: 'Method Not Allowed' }, { status: 405 })
      : check(params.service, request.headers),
  ),
];
