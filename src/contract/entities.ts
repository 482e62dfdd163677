// The /api entities (SPEC §3) as zod/mini schemas: the one source of their types for the app, the mocks and the server.
import * as z from 'zod/mini';

export const PLATFORMS = ['youtube', 'facebook', 'telegram', 'instagram', 'tiktok'] as const;
export const Platform = z.enum(PLATFORMS);
export type Platform = z.infer<typeof Platform>;

export const PostStatus = z.enum(['published', 'scheduled', 'draft', 'review', 'failed']);
export type PostStatus = z.infer<typeof PostStatus>;

const nonBlank = () => z.string().check(z.trim(), z.minLength(1));

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
  source: NewsSource,
  category: NewsCategory,
  status: PostStatus,
  createdAt: z.string(),
  publishedAt: z.nullable(z.string()),
  views: z.number(),
  engagement: z.number(),
});
export type AiNewsItem = z.infer<typeof AiNewsItem>;

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
  systemStatus: z.array(z.object({ id: z.string(), name: z.string(), status: z.enum(['online', 'degraded', 'offline']), detail: z.string() })),
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
  /** prov15: a Media Library file published with the post (image or video; the server gives the platform its address). */
  mediaId: z.optional(z.string().check(z.minLength(1), z.maxLength(200))),
});
export type SocialPostBody = z.infer<typeof SocialPostBody>;
export const SocialPostResult = z.object({
  id: z.string(),
  platform: Platform,
  status: z.enum(['published', 'scheduled']),
});
export type SocialPostResult = z.infer<typeof SocialPostResult>;

export const SocialAnalytics = z.object({
  stats: z.array(z.object({ id: z.string(), title: z.string(), value: z.string(), description: z.string() })),
  perPlatform: z.array(z.object({ platform: Platform, reach: z.number(), engagement: z.number(), series: z.optional(z.array(z.number())) })),
});
export type SocialAnalytics = z.infer<typeof SocialAnalytics>;

// prov-social (issue 15): OAuth on the server and the health of the stored platform tokens (never the tokens).
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
// prov15 (issue 15): what each platform of a post did (published, failed with the platform's German reason, …), for Retry.
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

export const VIDEO_PROVIDERS = ['tavus', 'vidau', 'modelslab', 'heygen', 'did'] as const;
export const VideoProvider = z.enum(VIDEO_PROVIDERS);
export type VideoProvider = z.infer<typeof VideoProvider>;
/** Providers with an avatar list call in SPEC §7. */
export const AvatarListProvider = z.enum(['tavus', 'heygen']);
export type AvatarListProvider = z.infer<typeof AvatarListProvider>;

export const VideoPlatform = z.object({ id: VideoProvider, name: z.string(), description: z.string() });
export type VideoPlatform = z.infer<typeof VideoPlatform>;
export const Avatar = z.object({ id: z.string(), name: z.string(), preview: z.string(), voice: z.string(), platform: VideoProvider });
export type Avatar = z.infer<typeof Avatar>;
export const VideoProjectStatus = z.enum(['completed', 'processing', 'draft', 'failed']);
export type VideoProjectStatus = z.infer<typeof VideoProjectStatus>;
export const VideoProject = z.object({
  id: z.string(),
  title: z.string(),
  status: VideoProjectStatus,
  progress: z.number(),
  avatar: z.string(),
  platform: VideoProvider,
  duration: z.string(),
  createdAt: z.string(),
  url: z.nullable(z.string()),
});
export type VideoProject = z.infer<typeof VideoProject>;
/** POST /video/generate from Video Studio (SPEC §7): {platform, avatar, script, background, voice}. */
export const VideoGenerateBody = z.looseObject({
  platform: z.optional(VideoProvider),
  avatar: z.optional(z.string()),
  script: z.optional(z.string()),
  background: z.optional(z.string()),
  voice: z.optional(z.string()),
  title: z.optional(z.string()),
});
export type VideoGenerateBody = z.infer<typeof VideoGenerateBody>;
export const VideoStatus = z.object({ id: z.string(), status: VideoProjectStatus, progress: z.number(), url: z.optional(z.string()) });
export type VideoStatus = z.infer<typeof VideoStatus>;

export const LiveScene = z.object({ id: z.string(), name: z.string(), description: z.string() });
export type LiveScene = z.infer<typeof LiveScene>;
export const ScheduledBroadcast = z.object({ id: z.string(), title: z.string(), time: z.string(), date: z.string(), platform: z.string() });
export type ScheduledBroadcast = z.infer<typeof ScheduledBroadcast>;
export const ObsStatus = z.object({
  connected: z.boolean(), streaming: z.boolean(), scene: z.string(),
  // OBS through the server (issue 14): which instance, its connection state and German reason, stream phase and health.
  instance: z.optional(z.string()),
  state: z.optional(z.enum(['connecting', 'connected', 'reconnecting', 'auth-failed', 'refused', 'stopped'])),
  code: z.optional(z.number()),
  message: z.optional(z.string()),
  reconnect: z.optional(z.object({ attempt: z.number(), delayMs: z.number() })),
  streamPhase: z.optional(z.enum(['stopped', 'starting', 'started', 'stopping', 'reconnecting'])),
  obsVersion: z.optional(z.string()),
  obsWebSocketVersion: z.optional(z.string()),
  health: z.optional(z.nullable(z.object({
    durationMs: z.number(), bytes: z.number(), droppedFrames: z.number(), totalFrames: z.number(), skippedFrames: z.number(),
    congestion: z.number(), cpuUsage: z.number(), fps: z.number(), reconnecting: z.boolean(),
  }))),
});
export type ObsStatus = z.infer<typeof ObsStatus>;
/** POST /obs/control {action, plus extra fields} (SPEC §7). */
export const ObsControlBody = z.looseObject({ action: nonBlank() });
export type ObsControlBody = z.infer<typeof ObsControlBody>;
export const ObsResult = z.looseObject({ success: z.boolean(), error: z.optional(z.string()) });
export type ObsResult = z.infer<typeof ObsResult>;
// OBS through the server (issue 14): the state of the server's connection to one OBS.
export const ObsConnectionState = z.enum(['connecting', 'connected', 'reconnecting', 'auth-failed', 'refused', 'stopped']);
export type ObsConnectionState = z.infer<typeof ObsConnectionState>;
// OBS through the server (issue 14): the configured instances, by name and connection state (never the password).
export const ObsInstanceInfo = z.object({
  name: z.string(),
  url: z.string(),
  state: ObsConnectionState,
  message: z.optional(z.string()),
  // live14: what the server uses for quick text (OBS_TEXT_SOURCE) and OBS's lists to choose from in Admin (while connected).
  textSource: z.optional(z.string()),
  scenes: z.optional(z.array(z.string())),
  currentScene: z.optional(z.string()),
  textSources: z.optional(z.array(z.string())),
});
export type ObsInstanceInfo = z.infer<typeof ObsInstanceInfo>;

export const PipelineStep = z.object({
  id: z.string(),
  name: z.string(),
  status: z.enum(['completed', 'running', 'pending']),
  progress: z.number(),
});
export type PipelineStep = z.infer<typeof PipelineStep>;
export const RunHistoryItem = z.object({
  id: z.string(),
  timestamp: z.string(),
  status: z.enum(['success', 'failed']),
  duration: z.string(),
  topic: z.string(),
  log: z.optional(z.array(z.string())),
});
export type RunHistoryItem = z.infer<typeof RunHistoryItem>;
export const Pipeline = z.object({
  steps: z.array(PipelineStep),
  variables: z.record(z.string(), z.string()),
  successRates: z.optional(z.array(z.object({ name: z.string(), rate: z.number() }))),
});
export type Pipeline = z.infer<typeof Pipeline>;
// Runs and stage events (issue 14, n8n): the five stages the shipped workflow reports to the server.
export const RUN_STAGES = ['Scraper', 'AI Analyse', 'TTS', 'Video Gen', 'Social Post'] as const;
export const RunStageName = z.enum(RUN_STAGES);
export type RunStageName = z.infer<typeof RunStageName>;
/** POST /runs/{runId}/events: one stage's start, end or failure, as the workflow reports it. */
export const RunStageEvent = z.object({
  stage: RunStageName,
  state: z.enum(['started', 'finished', 'failed']),
  at: z.optional(z.iso.datetime({ offset: true })),
  durationMs: z.optional(z.number().check(z.int(), z.minimum(0))),
  error: z.optional(z.string().check(z.maxLength(2000))),
});
export type RunStageEvent = z.infer<typeof RunStageEvent>;
export const RunStage = z.object({
  stage: RunStageName,
  state: z.enum(['pending', 'started', 'finished', 'failed']),
  startedAt: z.optional(z.string()),
  finishedAt: z.optional(z.string()),
  durationMs: z.optional(z.number()),
  error: z.optional(z.string()),
});
export type RunStage = z.infer<typeof RunStage>;
/** A run of the AI-News workflow with its five stages in order and its log lines. */
export const Run = z.object({
  id: z.string(),
  workflowId: z.string(),
  topic: z.string(),
  status: z.enum(['running', 'success', 'failed']),
  executionId: z.optional(z.string()),
  startedAt: z.string(),
  finishedAt: z.optional(z.string()),
  stages: z.array(RunStage),
  log: z.array(z.string()),
});
export type Run = z.infer<typeof Run>;

/** SPEC §3 "Health/test result". */
export const TestResult = z.looseObject({
  success: z.boolean(),
  responseTime: z.number(),
  error: z.optional(z.string()),
  status: z.optional(z.enum(['online', 'offline'])),
  lastTested: z.optional(z.string()),
});
export type TestResult = z.infer<typeof TestResult>;
/** What /test/* and /health/* answer on the wire; the console adds the measured response time. */
export const ServiceCheck = z.looseObject({
  success: z.boolean(),
  service: z.optional(z.string()),
  status: z.optional(z.enum(['online', 'offline'])),
  responseTime: z.optional(z.number()),
  error: z.optional(z.string()),
});
export type ServiceCheck = z.infer<typeof ServiceCheck>;

export const UserRole = z.enum(['Admin', 'Editor', 'Viewer']);
export const User = z.object({ id: z.string(), name: z.string(), email: z.string(), role: UserRole, access: z.string() });
export type User = z.infer<typeof User>;
export const NewUser = z.object({
  name: nonBlank(),
  email: z.string().check(z.trim(), z.regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/)),
  role: UserRole,
});
export type NewUser = z.infer<typeof NewUser>;

/** Free-form JSON object bodies and answers (SPEC §7 "free-form body"). */
export const JsonObject = z.record(z.string(), z.unknown());
export type JsonObject = z.infer<typeof JsonObject>;

/** The error body of every non-2xx answer: a German `message` where an operator reads it. */
export const ErrorBody = z.looseObject({
  message: z.string(),
  code: z.optional(z.string()),
  issues: z.optional(z.array(z.object({ path: z.string(), message: z.string() }))),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

// prov-keys (issue 15): provider keys saved on the server; the console only ever sees the masked form and the last test.
export const KeyService = z.enum(['openai', 'elevenlabs', 'azure', 'tavus', 'vidau', 'modelslab', 'heygen', 'did', 'pexels', 'unsplash']);
export type KeyService = z.infer<typeof KeyService>;
export const SavedKey = z.object({
  service: KeyService,
  /** `sk-…abcd`: never the key itself. */
  masked: z.string(),
  /** 'saved' in Admin, or 'environment' (`<NAME>_API_KEY` of the server; a saved key takes precedence). */
  source: z.enum(['saved', 'environment']),
  /** False when the server's secret cannot decrypt the saved key (NEWSDESK_SECRET_KEY changed): save it again. */
  readable: z.boolean(),
  status: z.optional(z.enum(['online', 'offline'])),
  lastTested: z.optional(z.string()),
  responseTime: z.optional(z.number()),
  error: z.optional(z.string()),
});
export type SavedKey = z.infer<typeof SavedKey>;

// The event stream (GET /events, server-sent events): written once here for the server that sends and the console
// that checks each event before acting on it.
export const ChangeEvent = z.object({
  topic: z.enum(['posts', 'media', 'news', 'video', 'users', 'social', 'live', 'workflow']),
  action: z.enum(['created', 'updated', 'deleted']),
  id: z.optional(z.string()),
});
export type ChangeEvent = z.infer<typeof ChangeEvent>;
export const ObsStreamPhase = z.enum(['stopped', 'starting', 'started', 'stopping', 'reconnecting']);
export type ObsStreamPhase = z.infer<typeof ObsStreamPhase>;
/** An event of the server's OBS connection (SSE event `obs`). */
export const ObsServerEvent = z.union([
  z.object({ type: z.literal('scene'), instance: z.string(), sceneName: z.string() }),
  z.object({ type: z.literal('scenes'), instance: z.string(), scenes: z.array(z.string()) }),
  z.object({ type: z.literal('stream'), instance: z.string(), active: z.boolean(), phase: ObsStreamPhase }),
  z.object({
    type: z.literal('connection'), instance: z.string(), state: ObsConnectionState,
    code: z.optional(z.number()), message: z.optional(z.string()), attempt: z.optional(z.number()), delayMs: z.optional(z.number()),
  }),
]);
export type ObsServerEvent = z.infer<typeof ObsServerEvent>;
