import { apiRequest } from './client';
import type { NewPost, Post } from './types';

/** GET /posts */
export const listPosts = (signal?: AbortSignal) => apiRequest<Post[]>('/posts', { signal });
/** POST /posts */
export const createPost = (post: NewPost) => apiRequest<Post>('/posts', { method: 'POST', json: post });
/** PATCH /posts/{id} */
export const updatePost = (id: string, patch: Partial<NewPost>) =>
  apiRequest<Post>(`/posts/${encodeURIComponent(id)}`, { method: 'PATCH', json: patch });
/** DELETE /posts/{id} */
export const deletePost = (id: string) => apiRequest<void>(`/posts/${encodeURIComponent(id)}`, { method: 'DELETE' });
