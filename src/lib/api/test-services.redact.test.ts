import { http, HttpResponse } from 'msw';
import { server } from '@/mocks/node';
import { testService } from './test-services';

test('a provider that echoes the key back never hands it to the screen', async () => {
  server.use(
    http.get(
      '*/api/test/elevenlabs',
      ({ request }) => new HttpResponse(`bad key ${request.headers.get('xi-api-key')}`, { status: 401 }),
    ),
  );
  const result = await testService('elevenlabs', 'sk-echo-secret-9876');
  expect(result.success).toBe(false);
  expect(result.error).toContain('API request failed with status 401');
  expect(result.error).not.toContain('sk-echo-secret-9876');
});
