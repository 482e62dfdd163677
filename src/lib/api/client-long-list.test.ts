import { http, HttpResponse } from 'msw';
import { server } from '@/mocks/node';
import { callApi } from './client';

// Counts the yields of the answer's check; each still yields for real.
const yields = vi.hoisted(() => ({ count: 0 }));
vi.mock('@/lib/next-task', async (importOriginal) => {
  const real = await importOriginal<typeof import('@/lib/next-task')>();
  return {
    nextTask: () => {
      yields.count += 1;
      return real.nextTask();
    },
  };
});

const post = (i: number) => ({
  id: `p${i}`,
  title: `Post ${i}`,
  status: 'published',
  platform: 'youtube',
  views: i,
  engagement: 1,
  publishDate: '2026-11-23T08:00:00.000Z',
  category: 'KI',
  content: 'Text',
  // Not in the contract: the check's output drops it.
  internalNote: 'nur intern',
});

const answerPosts = (posts: unknown[]) => server.use(http.get('*/api/posts', () => HttpResponse.json(posts)));

describe('a long list answer is checked in parts', () => {
  test('2,500 posts: checked with a yield after every 500, in order, without fields the contract lacks', async () => {
    answerPosts([post(0), post(1)]);
    // The first call loads the contract, which yields on its own.
    await callApi('posts.list');
    yields.count = 0;
    await callApi('posts.list');
    const base = yields.count;

    answerPosts(Array.from({ length: 2_500 }, (_, i) => post(i)));
    yields.count = 0;
    const posts = await callApi('posts.list');
    expect(yields.count - base).toBe(4);
    expect(posts).toHaveLength(2_500);
    expect(posts[1_999]).toEqual({
      id: 'p1999',
      title: 'Post 1999',
      status: 'published',
      platform: 'youtube',
      views: 1999,
      engagement: 1,
      publishDate: '2026-11-23T08:00:00.000Z',
      category: 'KI',
      content: 'Text',
    });
  });

  test('wrong items in different parts are named by their index, as a check of the whole list names them', async () => {
    const posts: unknown[] = Array.from({ length: 2_500 }, (_, i) => post(i));
    posts[1_700] = { ...post(1_700), views: 'viele' };
    posts[2_400] = { ...post(2_400), title: undefined };
    answerPosts(posts);
    await expect(callApi('posts.list')).rejects.toThrow(
      'Unerwartete Antwort von GET /posts: [1700].views: erwartet Zahl; [2400].title: fehlt',
    );
  });
});
