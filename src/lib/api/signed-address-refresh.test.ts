// The server's file addresses expire after 6 to 12 hours: a Media Library list left on screen fetches fresh ones.
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, expect, test, vi } from 'vitest';
import { mediaLibraryQueryOptions } from './query-keys';

afterEach(() => vi.useRealTimers());

test('a mounted media list is fetched again within the hour, long before its addresses expire', async () => {
  vi.useFakeTimers();
  const client = new QueryClient();
  let fetches = 0;
  const observer = new QueryObserver(client, { ...mediaLibraryQueryOptions(), queryFn: async () => (++fetches, []) });
  const stop = observer.subscribe(() => undefined);
  await vi.advanceTimersByTimeAsync(10);
  expect(fetches).toBe(1);
  await vi.advanceTimersByTimeAsync(60 * 60_000);
  expect(fetches).toBe(2);
  await vi.advanceTimersByTimeAsync(5 * 60 * 60_000);
  expect(fetches).toBe(7);
  stop();
  client.clear();
});
