import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { socialPlatformKeys, socialPlatformsQueryOptions } from '@/lib/api/query-keys';
import { mediaLibraryQueryOptions } from '@/lib/api/query-keys';
import { uploadMedia } from '@/lib/api/media';
import {
  getSocialAnalytics,
  listPublications,
  listScheduledPosts,
  listTemplates,
  listTokenStatus,
  retryPublication,
  setPlatformConnected,
  updateScheduledPost,
  updateTemplate,
} from '@/lib/api/social';
import type { Platform, PostTemplate, ScheduledPost, SocialPlatform } from '@/contract';
import type { SendOutcome } from '@/lib/outbox/send';
import { whenIdle } from '@/lib/idle';
import { onDemoChange } from '@/lib/demo-events';

export const socialKeys = {
  all: ['social'] as const,
  /** Shared with Admin → Social (lib/api/query-keys). */
  platforms: socialPlatformKeys.list,
  templates: () => [...socialKeys.all, 'templates'] as const,
  scheduled: () => [...socialKeys.all, 'scheduled'] as const,
  analytics: () => [...socialKeys.all, 'analytics'] as const,
  tokens: () => [...socialKeys.all, 'tokens'] as const,
  publications: () => [...socialKeys.all, 'publications'] as const,
};

export const templatesQueryOptions = () =>
  queryOptions({ queryKey: socialKeys.templates(), queryFn: ({ signal }) => listTemplates(signal) });
export const scheduledQueryOptions = () =>
  queryOptions({ queryKey: socialKeys.scheduled(), queryFn: ({ signal }) => listScheduledPosts(signal) });
export const analyticsQueryOptions = () =>
  queryOptions({ queryKey: socialKeys.analytics(), queryFn: ({ signal }) => getSocialAnalytics(signal) });

export const usePlatforms = () => useQuery(socialPlatformsQueryOptions());
export const useTemplates = () => useQuery(templatesQueryOptions());
export const useScheduled = () => useQuery(scheduledQueryOptions());
export const useAnalytics = () => useQuery(analyticsQueryOptions());
/** Token health (live mode; the demo stores no tokens and answers an empty list). */
export const useTokenStatus = () =>
  useQuery({ queryKey: socialKeys.tokens(), queryFn: ({ signal }) => listTokenStatus(signal) });

export function useSetConnected() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, connected }: { id: Platform; connected: boolean }) => setPlatformConnected(id, connected),
    onSuccess: (platform) => {
      queryClient.setQueryData<SocialPlatform[]>(socialKeys.platforms(), (old) =>
        old?.map((p) => (p.id === platform.id ? platform : p)),
      );
      return queryClient.invalidateQueries({ queryKey: socialKeys.all });
    },
  });
}

export function useUpdateTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (template: PostTemplate) => updateTemplate(template),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: socialKeys.templates() }),
  });
}

export function useUpdateScheduled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (post: ScheduledPost) => updateScheduledPost(post),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: socialKeys.scheduled() }),
  });
}

export interface ComposeRequest {
  platforms: Platform[];
  title: string;
  content: string;
  scheduledAt: string | null;
  /** The operator's IANA zone: a scheduled wall-clock time means this zone's time on the server. */
  timeZone?: string;
  /** A Media Library file posted with the text (the server gives each platform its address or bytes). */
  mediaId?: string;
}

export interface ComposeResult {
  outcomes: SendOutcome[];
  /** Platforms that refused the post (4xx), with the reason; the composer keeps the text. */
  rejected: Array<{ platform: Platform; error: unknown }>;
}

// The send path (the outbox, its drain and database code: 2.6 KB gzip) loads after the screen's first render, when
// the browser is idle, not before the heading: Social's up-front JS was over its 160 KB budget with it.
const loadSend = () => import('@/lib/outbox/send');

/** Post Now / Schedule: one post per platform, each sent or put into the outbox (lib/outbox). */
export function useComposePost() {
  const queryClient = useQueryClient();
  useEffect(() => whenIdle(() => void loadSend().catch(() => undefined)), []);
  return useMutation({
    mutationFn: async (req: ComposeRequest): Promise<ComposeResult> => {
      const { sendOrQueue } = await loadSend();
      const result: ComposeResult = { outcomes: [], rejected: [] };
      // One id for the post on all its platforms: the results list groups them, and Retry resends one of them.
      const postId = `post-${globalThis.crypto.randomUUID()}`;
      for (const platform of req.platforms) {
        try {
          result.outcomes.push(
            await sendOrQueue(platform, {
              title: req.title,
              content: req.content,
              scheduledAt: req.scheduledAt,
              postId,
              ...(req.mediaId ? { mediaId: req.mediaId } : {}),
              ...(req.scheduledAt && req.timeZone ? { timeZone: req.timeZone } : {}),
            }),
          );
        } catch (error) {
          // A full outbox stops here: nothing more can be kept safe, and the draft stays in the form.
          if (error instanceof Error && error.name === 'OutboxQuotaError') throw error;
          result.rejected.push({ platform, error });
        }
      }
      return result;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: socialKeys.all }),
  });
}

// prov15: the Media Library for the composer's picker, each platform's result, Retry of a failed one.
export const useMediaLibrary = () => useQuery(mediaLibraryQueryOptions());

export function useAttachUpload() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => uploadMedia(file, { title: file.name.replace(/\.[^.]+$/, '') }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mediaLibraryQueryOptions().queryKey }),
  });
}

export function usePublications() {
  const queryClient = useQueryClient();
  // The demo backend announces a post it has published, as a live desk's event stream does (which lib/live-events hears).
  useEffect(
    () =>
      onDemoChange(
        (change) =>
          void (change.topic === 'social' && queryClient.invalidateQueries({ queryKey: socialKeys.publications() })),
      ),
    [queryClient],
  );
  return useQuery({
    queryKey: socialKeys.publications(),
    queryFn: ({ signal }) => listPublications(signal),
    // While the server still sends a post (Post Now and Retry wait for the job queue), look again; the event stream also says so.
    refetchInterval: (query) =>
      query.state.data?.some((p) => p.status === 'pending' || p.status === 'publishing') ? 1500 : false,
  });
}

export function useRetryPublication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => retryPublication(id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: socialKeys.all }),
  });
}
