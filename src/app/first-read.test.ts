import { expect, test } from 'vitest';
import { operations } from '@/contract';
import { FIRST_READS } from './first-read';

test("each deep link's first list is the list its screen asks for first, by the contract's path", () => {
  expect(FIRST_READS).toEqual({
    '/dashboard/media': operations['media.list'].path,
    '/dashboard/posts': operations['posts.list'].path,
    '/dashboard/ai-news': operations['news.list'].path,
  });
  expect(FIRST_READS['/dashboard/media']).toBe('/media');
});

test("the first list is sent to the address and with the headers of the screen's own call", async () => {
  const { http, HttpResponse } = await import('msw');
  const { server } = await import('@/mocks/node');
  const { setConfig } = await import('@/lib/config');
  const { buildUrl } = await import('@/lib/http/transport');
  const { takeEarly } = await import('@/lib/http/early-read');
  const { readFirstList } = await import('./first-read');
  server.use(http.get('http://desk-first.test/api/media', () => HttpResponse.json([])));
  setConfig({ apiMode: 'live', apiBaseUrl: 'http://desk-first.test/api/' });
  readFirstList('/dashboard/media/');
  const url = buildUrl('http://desk-first.test/api/', '/media');
  expect(url).toBe('http://desk-first.test/api/media');
  expect(takeEarly(url, { Accept: 'application/json' })).toBeInstanceOf(Promise);
  // Nothing for a screen without a first list.
  readFirstList('/dashboard/live');
  expect(takeEarly(buildUrl('http://desk-first.test/api/', '/live'), { Accept: 'application/json' })).toBeUndefined();
});
