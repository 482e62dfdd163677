import { queryOptions, useQuery } from '@tanstack/react-query';
import { listAvatars, listVideoPlatforms, listVideoProjects } from '@/lib/api/video';
import { videoKeys } from './keys';

export const videoPlatformsQueryOptions = () =>
  queryOptions({ queryKey: videoKeys.platforms(), queryFn: ({ signal }) => listVideoPlatforms(signal), staleTime: Infinity });
export const avatarsQueryOptions = () =>
  queryOptions({ queryKey: videoKeys.avatars(), queryFn: ({ signal }) => listAvatars(signal), staleTime: 5 * 60_000 });
export const videoProjectsQueryOptions = () =>
  queryOptions({ queryKey: videoKeys.projects(), queryFn: ({ signal }) => listVideoProjects(signal) });

export const useVideoPlatforms = () => useQuery(videoPlatformsQueryOptions());
export const useAvatars = () => useQuery(avatarsQueryOptions());
export const useVideoProjects = () => useQuery(videoProjectsQueryOptions());
