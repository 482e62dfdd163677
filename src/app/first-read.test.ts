import { expect, test } from 'vitest';
import { operations } from '@/contract';
import { FIRST_READS } from './first-read';

test("each deep link's first list is the list its screen asks for first, by the contract's path", () => {
  expect(FIRST_READS).toEqual({
    '/dashboard/media': operations['media.list'].path,
    '/dashboard/posts': operations['posts.list'].path,
    '/dashboard/ai-news': operations['news.list'].path,
  });
  expect(FIRST_READS['/dashboard/media']).toBe('/media');
});
