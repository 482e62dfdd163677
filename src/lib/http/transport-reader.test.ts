// The off-thread list read when the reader fails: before the hand-over the page parses the bytes it still has; after it
// (the bytes went with the worker) the list is asked for once more.
import { http, HttpResponse } from 'msw';
import { server } from '@/mocks/node';
import { transport } from './transport';

const reader = vi.hoisted(() => ({ handOver: false }));
vi.mock('./json-reader', async (importOriginal) => {
  const real = await importOriginal<typeof import('./json-reader')>();
  return {
    ...real,
    parseJsonOffThread: (buffer: ArrayBuffer) => {
      // A transfer detaches the buffer, as postMessage with it in the transfer list does.
      if (reader.handOver) structuredClone(buffer, { transfer: [buffer] });
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
});

test('a reader that broke before taking the bytes: the page parses them, one request', async () => {
  const asked = countedList();
  await expect(transport(URL_, { offThread: true })).resolves.toEqual([{ id: 'p1', title: 'Wahlen in Berlin' }]);
  expect(asked()).toBe(1);
});

test('a reader that broke after taking the bytes: the list is asked for once more and read on the page', async () => {
  reader.handOver = true;
  const asked = countedList();
  await expect(transport(URL_, { offThread: true })).resolves.toEqual([{ id: 'p1', title: 'Wahlen in Berlin' }]);
  expect(asked()).toBe(2);
});
