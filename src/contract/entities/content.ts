// The /api entities of content: posts, news, media, the overview, social platforms and publications.
import * as z from 'zod/mini';
import { nonBlank } from './common';

export const PLATFORMS = ['youtube', 'facebook', 'telegram', 'instagram', 'tiktok'] as const;
export const Platform = z.enum(PLATFORMS);
export type Platform = z.infer<typeof Platform>;

export const PostStatus = z.enum(['published', 'scheduled', 'draft', 'review', 'failed']);
export type PostStatus = z.infer<typeof PostStatus>;
/** A story's status: a post's, and `rejected` when the desk turned it down in review. */
export const NewsStatus = z.enum(['published', 'scheduled', 'draft', 'review', 'failed', 'rejected']);
export type NewsStatus = z.infer<typeof NewsStatus>;

export const Post = z.object({
  id: z.string(),
  title: z.string(),
  status: PostStatus,
  platform: Platform,
  views: z.number(),
  engagement: z.number(),
  publishDate: z.string(),
  category: z.string(),
  content: z.optional(z.string()),
  /** Who sent it to its platform (a user's name, or the schedule), when the desk knows. */
  publishedBy: z.optional(z.nullable(z.string())),
});
export type Post = z.infer<typeof Post>;

/** What the console sends to create a post: the title must not be blank. */
export const NewPost = z.object({
  title: nonBlank(),
  status: PostStatus,
  platform: Platform,
  publishDate: z.string(),
  category: z.string(),
  content: z.optional(z.string()),
  views: z.optional(z.number()),
  engagement: z.optional(z.number()),
});
export type NewPost = z.infer<typeof NewPost>;
export const PostPatch = z.partial(NewPost);
export type PostPatch = z.infer<typeof PostPatch>;

export const NEWS_SOURCES = ['Tech News', 'Reuters', 'Bloomberg', 'NASA', 'Medical News'] as const;
export const NEWS_CATEGORIES = ['Technologie', 'Umwelt', 'Wirtschaft', 'Wissenschaft', 'Gesundheit'] as const;
export const NewsSource = z.enum(NEWS_SOURCES);
export type NewsSource = z.infer<typeof NewsSource>;
export const NewsCategory = z.enum(NEWS_CATEGORIES);
export type NewsCategory = z.infer<typeof NewsCategory>;

export const AiNewsItem = z.object({
  id: z.string(),
  title: z.string(),
  /** The real source of the story (its first item's); the demo's sample items carry SPEC's five names. */
  source: z.string(),
  /** The category of the sources the story came from (SPEC's five in the demo). */
  category: z.string(),
  status: NewsStatus,
  createdAt: z.string(),
  publishedAt: z.nullable(z.string()),
  views: z.number(),
  engagement: z.number(),
  /** Who approved (published) it from review or as a draft; null for a story that went out by itself. */
  approvedBy: z.optional(z.nullable(z.string())),
});
export type AiNewsItem = z.infer<typeof AiNewsItem>;
/** One item a story was written from, numbered as the story cites it ([1], [2]). */
export const NewsSourceRef = z.object({
  n: z.number(),
  title: z.string(),
  url: z.string(),
  /** Every source that carried the item. */
  sources: z.array(z.string()),
  publishedAt: z.nullable(z.string()),
  /** Each source that carried the item with its own address for it (absent on stories filed before the desk kept them). */
  links: z.optional(z.array(z.object({ source: z.string(), url: z.string() }))),
});
export type NewsSourceRef = z.infer<typeof NewsSourceRef>;
/** Where a story went on one platform of its run: a post, or skipped with the German reason. */
export const NewsPlatformResult = z.object({
  platform: Platform,
  state: z.enum(['pending', 'published', 'failed', 'skipped']),
  reason: z.optional(z.string()),
  postId: z.optional(z.string()),
  resultId: z.optional(z.string()),
});
export type NewsPlatformResult = z.infer<typeof NewsPlatformResult>;
/** A story with its text and provenance: what AI News' details view shows. */
export const AiNewsDetails = z.extend(AiNewsItem, {
  script: z.string(),
  teaser: z.string(),
  /** The model's name, or „Automatisch zusammengefasst (ohne KI)“. */
  writtenBy: z.string(),
  sources: z.array(NewsSourceRef),
  runId: z.nullable(z.string()),
  /** The disclosure line it went out with (null while unpublished). */
  disclosure: z.nullable(z.string()),
  /** Its public page while published. */
  publicUrl: z.nullable(z.string()),
  /** Its public video (`<publicUrl>/video`) while published, when its run made one; what OBS plays on air. */
  videoUrl: z.optional(z.nullable(z.string())),
  platforms: z.array(NewsPlatformResult),
});
export type AiNewsDetails = z.infer<typeof AiNewsDetails>;

export const MediaType = z.enum(['video', 'audio', 'image']);
export type MediaType = z.infer<typeof MediaType>;
export const MediaFile = z.object({
  id: z.string(),
  title: z.string(),
  type: MediaType,
  size: z.string(),
  duration: z.nullable(z.string()),
  date: z.string(),
  thumbnail: z.string(),
  url: z.string(),
  views: z.number(),
});
export type MediaFile = z.infer<typeof MediaFile>;
/** The `metadata` field (JSON text) of a media upload. */
export const MediaUploadMetadata = z.looseObject({
  title: z.optional(z.string()),
  duration: z.optional(z.nullable(z.string())),
});
export type MediaUploadMetadata = z.infer<typeof MediaUploadMetadata>;

export const Notification = z.object({
  id: z.string(),
  message: z.string(),
  type: z.enum(['success', 'info']),
  time: z.string(),
});
export type Notification = z.infer<typeof Notification>;

export const StatCardData = z.object({
  id: z.string(),
  title: z.string(),
  value: z.string(),
  description: z.string(),
  icon: z.enum(['news', 'live', 'views', 'videos', 'queue']),
  trend: z.optional(z.object({ value: z.number(), isPositive: z.boolean() })),
});
export type StatCardData = z.infer<typeof StatCardData>;

export const OverviewData = z.object({
  stats: z.array(StatCardData),
  queuedJobs: z.number(),
  notifications: z.array(Notification),
  platformViews: z.array(z.object({ platform: z.string(), views: z.number() })),
  workflowProgress: z.array(z.object({ id: z.string(), name: z.string(), progress: z.number() })),
  systemStatus: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      status: z.enum(['online', 'degraded', 'offline']),
      detail: z.string(),
    }),
  ),
  technicalMonitor: z.array(z.object({ id: z.string(), label: z.string(), value: z.number(), unit: z.string() })),
});
export type OverviewData = z.infer<typeof OverviewData>;

export const SocialPlatform = z.object({
  id: Platform,
  name: z.string(),
  connected: z.boolean(),
  status: z.string(),
  followers: z.number(),
  posts: z.number(),
});
export type SocialPlatform = z.infer<typeof SocialPlatform>;

export const PostTemplate = z.object({ id: z.string(), name: z.string(), content: z.string() });
export type PostTemplate = z.infer<typeof PostTemplate>;

export const ScheduledPost = z.object({
  id: z.string(),
  title: z.string(),
  platform: Platform,
  time: z.string(),
  status: z.string(),
  content: z.optional(z.string()),
});
export type ScheduledPost = z.infer<typeof ScheduledPost>;

/** The body of a social post (SPEC §7 "free-form body"; content is what the platform publishes). */
export const SocialPostBody = z.looseObject({
  content: nonBlank(),
  title: z.optional(z.string()),
  scheduledAt: z.optional(z.nullable(z.string())),
  /** a Media Library file published with the post (image or video; the server gives the platform its address). */
  mediaId: z.optional(z.string().check(z.minLength(1), z.maxLength(200))),
});
export type SocialPostBody = z.infer<typeof SocialPostBody>;
/**
 * A post accepted for one platform: its publication (the result row, keyed by the request's Idempotency-Key) as it stands
 * — 'pending'/'publishing' while the server's job queue sends it, then 'published' or 'failed' with the platform's German
 * reason; 'scheduled' for a post planned for later.
 */
export const SocialPostResult = z.object({
  id: z.string(),
  platform: Platform,
  status: z.enum(['pending', 'publishing', 'published', 'failed', 'scheduled']),
  error: z.optional(z.string()),
});
export type SocialPostResult = z.infer<typeof SocialPostResult>;

export const SocialAnalytics = z.object({
  stats: z.array(z.object({ id: z.string(), title: z.string(), value: z.string(), description: z.string() })),
  perPlatform: z.array(
    z.object({
      platform: Platform,
      reach: z.number(),
      engagement: z.number(),
      series: z.optional(z.array(z.number())),
    }),
  ),
});
export type SocialAnalytics = z.infer<typeof SocialAnalytics>;

// OAuth on the server and the health of the stored platform tokens (never the tokens).
export const OAuthPlatform = z.enum(['tiktok', 'youtube', 'facebook', 'instagram']);
export type OAuthPlatform = z.infer<typeof OAuthPlatform>;
export const OAuthStart = z.object({ url: z.string(), state: z.string() });
export type OAuthStart = z.infer<typeof OAuthStart>;
export const PlatformTokenStatus = z.object({
  platform: OAuthPlatform,
  state: z.enum(['ok', 'expiring', 'expired', 'revoked']),
  expiresAt: z.optional(z.string()),
});
export type PlatformTokenStatus = z.infer<typeof PlatformTokenStatus>;
// what each platform of a post did (published, failed with the platform's German reason, …), for Retry.
export const SocialPublication = z.object({
  id: z.string(),
  /** One id for all platforms of an operator's post. */
  postId: z.string(),
  platform: Platform,
  status: z.enum(['pending', 'scheduled', 'publishing', 'published', 'failed']),
  content: z.string(),
  title: z.optional(z.string()),
  mediaId: z.optional(z.string()),
  mediaType: z.optional(z.enum(['photo', 'video'])),
  error: z.optional(z.string()),
  createdAt: z.string(),
  publishedAt: z.optional(z.string()),
});
export type SocialPublication = z.infer<typeof SocialPublication>;
