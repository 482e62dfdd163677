import { callApi } from './client';
import type { NewPost, PostPatch } from './types';

/** GET /posts */
export const listPosts = (signal?: AbortSignal) => callApi('posts.list', { signal });
/** POST /posts */
export const createPost = (post: NewPost) => callApi('posts.create', { body: post });
/** PATCH /posts/{id} */
export const updatePost = (id: string, patch: PostPatch) => callApi('posts.update', { params: { id }, body: patch });
/** DELETE /posts/{id} */
export const deletePost = (id: string) => callApi('posts.delete', { params: { id } });
