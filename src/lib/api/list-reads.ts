// The contract's list reads (a GET whose answer is an array), zod-free: such a call goes out while the contract still
// loads, and its answer is checked against the contract when it comes. list-reads.test.ts proves it equals the contract.
import type { OperationId } from '@/contract';

/** Each list read's path; every one is a GET, idempotent by nature. */
export const LIST_READS: Partial<Record<OperationId, string>> = {
  'posts.list': '/posts',
  'news.list': '/news',
  'news.latest': '/news/latest',
  'media.list': '/media',
  'workflow.logs': '/workflow/logs/{id}',
  'workflow.runs': '/workflow/runs',
  'sources.list': '/sources',
  'sources.items': '/sources/items',
  'social.platforms': '/social/platforms',
  'social.templates': '/social/templates',
  'social.scheduled': '/social/scheduled',
  'social.tokens': '/social/tokens',
  'social.publications': '/social/publications',
  'obs.scenes': '/obs/scenes',
  'live.schedule': '/live/schedule',
  'obs.instances': '/obs/instances',
  'video.platforms': '/video/platforms',
  'video.avatars': '/video/avatars',
  'video.providerAvatars': '/video/{provider}/avatars',
  'video.projects': '/video/projects',
  'users.list': '/users',
  'tokens.list': '/tokens',
  'audit.list': '/audit',
  'keys.list': '/keys',
};

/** Fills `{name}` segments with URL-encoded values, as the contract's `fillPath`. */
export function fillListPath(path: string, params: Record<string, string> | undefined): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(value);
  });
}
