// @vitest-environment node
// The check must catch a backend that drifts: here the mock handlers answered in this process by MSW (tests/setup.ts),
// without the mock backend's idempotency layer, and with three handlers broken on purpose.
import { http, HttpResponse } from 'msw';
import { server } from '@/mocks/node';
import { checkBackend } from '../scripts/test/check-backend';

test('wrong shapes, a non-ErrorBody error, a key that acts twice and a PATCH that acts on each send are each a FAIL', async () => {
  let created = 0;
  let patched = 0;
  server.use(
    // Ignores the Idempotency-Key: every repeat creates (and answers) another post.
    http.post('*/api/posts', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      created += 1;
      return HttpResponse.json({ ...body, id: `post-dup-${created}`, views: 0, engagement: 0 }, { status: 201 });
    }),
    http.get('*/api/users', () => HttpResponse.json([{ id: 'u1', name: 'Ohne Rolle' }])),
    // A PATCH that acts on every send: each repeat counts once more, so no two answers are alike.
    http.patch('*/api/sources/:id', ({ params }) => {
      patched += 1;
      return HttpResponse.json({
        id: String(params.id),
        name: 'Zählt mit',
        url: 'https://feeds.newsdesk.example/zaehlt.xml',
        category: 'general',
        language: 'de',
        enabled: true,
        lastFetch: null,
        itemCount: patched,
      });
    }),
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
  // A natural repeat that acts is caught even though a third send is allowed to follow the server's own work.
  expect(lines).toContainEqual(
    expect.stringMatching(
      /^FAIL sources\.update PATCH \/sources\/\{id\} the same request sent again answered differently/,
    ),
  );
  expect(lines).toContain('PASS dashboard.overview GET /dashboard/overview');
  expect(lines.at(-1)).toBe(`${lines.filter((l) => l.startsWith('PASS ')).length} passed, ${counts.failed} failed`);
  expect(counts.failed).toBeGreaterThan(3);
}, 60_000);

test("a record the server's own work changed between two sends of a PATCH is no FAIL when the repeat answers alike", async () => {
  let patched = 0;
  server.use(
    // The schedule read the new source between the first and the second send: its count moved once, then stays.
    http.patch('*/api/sources/:id', async ({ params, request }) => {
      if (String(params.id).startsWith('unbekannt-'))
        return HttpResponse.json({ message: 'Quelle nicht gefunden.', code: 'not_found' }, { status: 404 });
      const body = (await request.json()) as { enabled?: boolean };
      patched += 1;
      return HttpResponse.json({
        id: String(params.id),
        name: 'Gerade gelesen',
        url: 'https://feeds.newsdesk.example/gelesen.xml',
        category: 'general',
        language: 'de',
        enabled: body.enabled ?? true,
        lastFetch: null,
        itemCount: patched === 1 ? 0 : 4,
      });
    }),
  );
  const lines: string[] = [];
  await checkBackend('http://backend.test/api', { out: (line) => lines.push(line) });
  expect(lines.filter((l) => l.includes('sources.update'))).toEqual(['PASS sources.update PATCH /sources/{id}']);
  expect(patched).toBe(3);
}, 60_000);
