// The off-thread list read when the reader fails, before or after it was handed the body: the page reads the same body
// itself, and the list is asked for once.
import { http, HttpResponse } from 'msw';
import { server } from '@/mocks/node';
import { transport } from './transport';

const reader = vi.hoisted(() => ({ handOver: false, handed: [] as Blob[] }));
vi.mock('./json-reader', async (importOriginal) => {
  const real = await importOriginal<typeof import('./json-reader')>();
  return {
    ...real,
    parseJsonOffThread: (body: Blob) => {
      reader.handed.push(body);
      // A worker's message gets a structured clone of the Blob, as postMessage makes one.
      if (reader.handOver) structuredClone(body);
      return Promise.reject(new real.ReaderUnavailable());
    },
  };
});

const URL_ = 'https://desk.test/api/posts';

function countedList(): () => number {
  let asked = 0;
  server.use(
    http.get(URL_, () => {
      asked += 1;
      return HttpResponse.json([{ id: 'p1', title: 'Wahlen in Berlin' }]);
    }),
  );
  return () => asked;
}

afterEach(() => {
  reader.handOver = false;
  reader.handed = [];
});

test('the reader is handed the body as a Blob, not as bytes the page has read', async () => {
  countedList();
  await transport(URL_, { offThread: true });
  expect(reader.handed).toHaveLength(1);
  // The fetch's own Blob class, not jsdom's: its tag says what it is.
  expect(Object.prototype.toString.call(reader.handed[0])).toBe('[object Blob]');
  expect(JSON.parse(await reader.handed[0].text())).toEqual([{ id: 'p1', title: 'Wahlen in Berlin' }]);
});

test('a reader that broke before taking the body: the page reads it, one request', async () => {
  const asked = countedList();
  await expect(transport(URL_, { offThread: true })).resolves.toEqual([{ id: 'p1', title: 'Wahlen in Berlin' }]);
  expect(asked()).toBe(1);
});

test('a reader that broke after taking the body: the page reads the same body, one request', async () => {
  reader.handOver = true;
  const asked = countedList();
  await expect(transport(URL_, { offThread: true })).resolves.toEqual([{ id: 'p1', title: 'Wahlen in Berlin' }]);
  expect(asked()).toBe(1);
});
