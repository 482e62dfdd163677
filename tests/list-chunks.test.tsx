import { screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { server } from '@/mocks/node';
import { AiNewsPage } from '@/features/ai-news/components/ai-news-page';
import { PostsPage } from '@/features/posts/components/posts-page';
import { renderWithProviders } from './render';

// Post Management's table and AI News's list load apart from their screens. Each chunk is evaluated only when the
// page asks for it: the mock records that moment.
const asked = vi.hoisted(() => ({ posts: false, news: false }));
vi.mock('@/features/posts/components/posts-table', async (original) => {
  asked.posts = true;
  return original();
});
vi.mock('@/features/ai-news/components/news-table', async (original) => {
  asked.news = true;
  return original();
});

// A page kept busy: the browser finds no idle moment, and the list's answer has not come yet.
beforeEach(() => {
  vi.stubGlobal('requestIdleCallback', () => 1);
  vi.stubGlobal('cancelIdleCallback', () => undefined);
  server.use(
    http.get('*/api/posts', () => new Promise<never>(() => undefined)),
    http.get('*/api/news', () => new Promise<never>(() => undefined)),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

test('Post Management asks for its table once the heading has painted, while the list is still on its way', async () => {
  renderWithProviders(<PostsPage />);
  expect(await screen.findByRole('heading', { level: 1, name: 'Post Management' })).toBeInTheDocument();
  await waitFor(() => expect(asked.posts).toBe(true));
  expect(screen.queryByRole('table')).not.toBeInTheDocument();
});

test('AI News asks for its list once the heading has painted, while the news are still on their way', async () => {
  renderWithProviders(<AiNewsPage />);
  expect(await screen.findByRole('heading', { level: 1, name: 'AI News Central' })).toBeInTheDocument();
  await waitFor(() => expect(asked.news).toBe(true));
});
