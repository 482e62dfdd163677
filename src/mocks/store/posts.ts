import type { NewPost, Post } from '@/contract';
import { makePosts } from '../fixtures/posts';
import { registerStore } from './index';

let posts: Post[] = [];
let seq = 0;
// The demo is signed in as its administrator, who is the one sending a post out.
const publisher = (status: Post['status'] | undefined, before?: Post['status']) =>
  status === 'published' && before !== 'published' ? { publishedBy: 'Administrator' } : {};

/** The posts of the mock backend: create, edit and delete change what the next GET returns. */
export const postsStore = {
  list: (): Post[] => posts,
  get: (id: string) => posts.find((p) => p.id === id),
  create(input: NewPost): Post {
    seq += 1;
    const post: Post = {
      views: 0,
      engagement: 0,
      ...input,
      ...publisher(input.status),
      id: `post-new-${Date.now().toString(36)}-${seq}`,
    };
    posts = [post, ...posts];
    return post;
  },
  update(id: string, patch: Partial<NewPost>): Post | undefined {
    const current = posts.find((p) => p.id === id);
    if (!current) return undefined;
    const next = { ...current, ...patch, ...publisher(patch.status, current.status), id };
    posts = posts.map((p) => (p.id === id ? next : p));
    return next;
  },
  remove(id: string): boolean {
    const before = posts.length;
    posts = posts.filter((p) => p.id !== id);
    return posts.length < before;
  },
  /** Re-seeds with `count` posts (benchmark). */
  seed(count: number): void {
    posts = makePosts(count);
  },
};

registerStore((scenario) => {
  posts = scenario === 'empty' ? [] : makePosts();
});
