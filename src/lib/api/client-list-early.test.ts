import { http, HttpResponse } from 'msw';
import { server } from '@/mocks/node';

// The contract's first entity file is held until the test lets it load.
const gate = vi.hoisted(() => {
  let open: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open: () => open() };
});
vi.mock('@/contract/entities/content', async (importOriginal) => {
  await gate.opened;
  return importOriginal();
});

const item = {
  id: 'm1',
  title: 'Studio',
  type: 'image',
  size: '2 KB',
  duration: null,
  date: '2026-11-23',
  thumbnail: '/api/files/m1?thumb=1',
  url: '/api/files/m1',
  views: 0,
  // Not in the contract: the check drops it, so the answer shown is the checked one.
  internalNote: 'nur intern',
};

test('a list read is on the wire before the contract has loaded, and its answer is checked once it has', async () => {
  const sent: string[] = [];
  server.use(
    http.get('*/api/media', ({ request }) => {
      sent.push(`${request.method} ${new URL(request.url).pathname}`);
      return HttpResponse.json([item]);
    }),
    http.get('*/api/settings', ({ request }) => {
      sent.push(`${request.method} ${new URL(request.url).pathname}`);
      return HttpResponse.json({});
    }),
  );
  const { callApi } = await import('./client');
  const media = callApi('media.list');
  const settings = callApi('settings.get');
  await vi.waitFor(() => expect(sent).toContain('GET /api/media'));
  // Any other call waits for the contract.
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(sent).toEqual(['GET /api/media']);

  gate.open();
  const list = await media;
  expect(list).toHaveLength(1);
  expect(list[0]).not.toHaveProperty('internalNote');
  expect(list[0]).toMatchObject({ id: 'm1', title: 'Studio', url: '/api/files/m1' });
  // An empty object is no desk's settings: checked, so refused.
  await expect(settings).rejects.toThrow('Unerwartete Antwort von GET /settings');
  expect(sent).toEqual(['GET /api/media', 'GET /api/settings']);
});
