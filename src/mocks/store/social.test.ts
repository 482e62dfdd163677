import { resetStore } from './index';
import { socialStore } from './social';

// The demo platforms take a moment to publish an accepted post, so that „Wird veröffentlicht …“ can be seen for every
// platform of a Post Now — also for the last one, accepted after the first on a slow machine.
afterEach(() => {
  vi.useRealTimers();
  resetStore();
});

const statusOf = (id: string) => socialStore.publications().find((p) => p.id === id)?.status;

test('every platform of a Post Now stays pending for the whole moment, and they are published together', () => {
  vi.useFakeTimers();
  resetStore();
  const first = socialStore.receive('telegram', 'key-a', { content: 'Eilmeldung', postId: 'post-a' });
  vi.advanceTimersByTime(1400);
  const second = socialStore.receive('facebook', 'key-b', { content: 'Eilmeldung', postId: 'post-a' });
  expect(first.status).toBe('pending');
  expect(second.status).toBe('pending');

  // 1.5 s after the first was accepted, the second has been on its way for only 0.1 s: both still pending.
  vi.advanceTimersByTime(200);
  expect(statusOf(first.id)).toBe('pending');
  expect(statusOf(second.id)).toBe('pending');

  vi.advanceTimersByTime(1400);
  expect(statusOf(first.id)).toBe('published');
  expect(statusOf(second.id)).toBe('published');
});

test('a scheduled post is not published by the demo platforms', () => {
  vi.useFakeTimers();
  resetStore();
  const planned = socialStore.receive('telegram', 'key-c', { content: 'Später', scheduledAt: '2031-03-01T18:30' });
  vi.advanceTimersByTime(5000);
  expect(statusOf(planned.id)).toBe('scheduled');
});
