// Video Studio: the rows as the contract's Avatar and VideoProject (a project's file under its signed address).
import type { Avatar, VideoPlatformId, VideoProject, VideoProvider } from '../../../src/contract';
import type { avatars, videoProjects } from '../../data/db/schema';
import { mediaFilePath, type UrlSigner } from '../../http/signing';

export const toAvatar = (row: typeof avatars.$inferSelect): Avatar => ({
  id: row.id,
  name: row.name,
  preview: row.preview,
  voice: row.voice,
  platform: row.platform as VideoProvider,
});
const VIDEO_FILE = /^\/api\/video\/[\w-]+\/file\/([^/?]+)/;

/**
 * A project as the console sees it; a finished job's file on this server gets its signed address on this origin, and a
 * local render plays its Media Library file under that file's signed address.
 */
export const toProject = (
  row: typeof videoProjects.$inferSelect,
  origin?: string,
  signer?: UrlSigner,
): VideoProject => {
  // Rows written before addresses expired carry a signature of their own; it is replaced, never trusted.
  const ownFile = row.url && VIDEO_FILE.exec(row.url);
  const stored =
    row.mediaId && signer
      ? `${mediaFilePath(row.mediaId)}?${signer.consoleQuery('media', row.mediaId)}`
      : ownFile && signer && row.url
        ? `${row.url.split('?')[0]}?${signer.consoleQuery('video', decodeURIComponent(ownFile[1]))}`
        : row.url;
  return {
    id: row.id,
    title: row.title,
    status: row.status as VideoProject['status'],
    progress: row.progress,
    avatar: row.avatar,
    platform: row.platform as VideoPlatformId,
    duration: row.duration,
    createdAt: row.createdAt,
    url: stored && origin && stored.startsWith('/api/') ? `${origin}${stored}` : stored,
    ...(row.status === 'failed' && row.error ? { error: row.error } : {}),
  };
};
