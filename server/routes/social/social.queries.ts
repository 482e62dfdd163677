// Social: the rows as the contract's SocialPlatform, ScheduledPost, SocialPublication and SocialPostResult.
import type {
  Platform,
  ScheduledPost,
  SocialPlatform,
  SocialPostResult,
  SocialPublication,
} from '../../../src/contract';
import type { scheduledPosts, socialPlatforms } from '../../data/db/schema';
import type { ResultRow } from '../../adapters/providers/social/publisher';

export const toPlatform = (row: typeof socialPlatforms.$inferSelect): SocialPlatform => ({
  id: row.id as Platform,
  name: row.name,
  connected: row.connected,
  status: row.status,
  followers: row.followers,
  posts: row.posts,
});
export const toScheduled = (row: typeof scheduledPosts.$inferSelect): ScheduledPost => ({
  id: row.id,
  title: row.title,
  platform: row.platform as Platform,
  time: row.time,
  status: row.status,
  ...(row.content !== null ? { content: row.content } : {}),
});
export const toPublication = (
  row: ResultRow,
  link?: { mediaId: string | null; mediaType: string } | null,
): SocialPublication => ({
  id: row.id,
  postId: row.postId,
  platform: row.platform as Platform,
  status: row.status as SocialPublication['status'],
  content: row.content,
  createdAt: row.createdAt.toISOString(),
  ...(row.title ? { title: row.title } : {}),
  ...(link?.mediaId ? { mediaId: link.mediaId } : {}),
  ...(link ? { mediaType: link.mediaType === 'photo' ? ('photo' as const) : ('video' as const) } : {}),
  ...(row.error ? { error: row.error } : {}),
  ...(row.publishedAt ? { publishedAt: row.publishedAt.toISOString() } : {}),
});

/** A platform's failure as the console's ErrorBody: refused (422), token revoked (409), not set up or unavailable (503). */ /** What the console is answered about an accepted post: its publication as it stands (with the platform's reason once failed). */
export const toPostResult = (row: ResultRow): SocialPostResult => ({
  id: row.id,
  platform: row.platform as Platform,
  status: row.status as SocialPostResult['status'],
  ...(row.status === 'failed' && row.error ? { error: row.error } : {}),
});
