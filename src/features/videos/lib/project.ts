import type { VideoProject } from '@/contract';

/** The project is rendered by the desk itself (no provider, so no provider routes for its status or file). */
export const isLocal = (project: Pick<VideoProject, 'platform'>) => project.platform === 'local';
