// @vitest-environment node
// The check must catch a backend that drifts: here the mock handlers answered in this process by MSW (tests/setup.ts),
// without the mock backend's idempotency layer, and with three handlers broken on purpose.
import { http, HttpResponse } from 'msw';
import { server } from '@/mocks/node';
import { checkBackend } from '../scripts/test/check-backend';

test('wrong shapes, a non-ErrorBody error and a key that acts twice are each a FAIL', async () => {
  let created = 0;
  server.use(
    // Ignores the Idempotency-Key: every repeat creates (and answers) another post.
    http.post('*/api/posts', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      created += 1;
      return HttpResponse.json({ ...body, id: `post-dup-${created}`, views: 0, engagement: 0 }, { status: 201 });
    }),
    http.get('*/api/users', () => HttpResponse.json([{ id: 'u1', name: 'Ohne Rolle' }])),
    // Valid actions work; a refused one answers without the ErrorBody's message.
    http.post('*/api/obs/control', async ({ request }) => {
      const body = (await request.json()) as { action?: string };
      return body.action
        ? HttpResponse.json({ success: true })
        : HttpResponse.json({ success: false }, { status: 400 });
    }),
  );
  const lines: string[] = [];
  const counts = await checkBackend('http://backend.test/api', { out: (line) => lines.push(line) });
  expect(lines).toContainEqual(
    expect.stringMatching(/^FAIL users\.list GET \/users the answer does not match the schema: 0\.email: /),
  );
  expect(lines).toContainEqual(
    expect.stringMatching(/^FAIL obs\.control POST \/obs\/control the 400 answer is not an ErrorBody/),
  );
  // The broken posts handler keeps no Idempotency-Key: a repeat creates a second post.
  expect(lines).toContainEqual(
    expect.stringMatching(/^FAIL posts\.create POST \/posts the same Idempotency-Key sent again answered differently/),
  );
  expect(lines).toContain('PASS dashboard.overview GET /dashboard/overview');
  expect(lines.at(-1)).toBe(`${lines.filter((l) => l.startsWith('PASS ')).length} passed, ${counts.failed} failed`);
  expect(counts.failed).toBeGreaterThan(3);
}, 60_000);
