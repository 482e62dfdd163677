import { useQuery } from '@tanstack/react-query';
import type { VideoProject } from '@/contract';
import { SIGNED_ADDRESS_REFRESH_MS } from '@/lib/api/media';
import { apiQuery } from '@/lib/api/query';

export const videoProjectsQuery = () => apiQuery('video.projects');

/** How often My Projects reloads while a local project renders (the provider projects poll their status instead). */
export const LOCAL_PROJECTS_POLL_MS = 5000;
const localRendering = (projects: VideoProject[] | undefined) =>
  projects?.some((p) => p.platform === 'local' && p.status === 'processing') ?? false;

export const useVideoProjects = () =>
  useQuery({
    ...videoProjectsQuery(),
    refetchInterval: (query) => (localRendering(query.state.data) ? LOCAL_PROJECTS_POLL_MS : SIGNED_ADDRESS_REFRESH_MS),
  });
