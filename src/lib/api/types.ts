// The entity types of the /api contract (src/contract), inferred from its schemas; re-exported for the screens.
export type {
  AiNewsItem, Avatar, AvatarListProvider, JsonObject, LiveScene, MediaFile, MediaType, MediaUploadMetadata, NewPost, NewUser, NewsCategory, NewsSource,
  Notification, ObsResult, ObsStatus, OverviewData, PipelineStep, Platform, Post, PostPatch, PostStatus, PostTemplate, RunHistoryItem, ScheduledBroadcast, ScheduledPost,
  SocialAnalytics, SocialPlatform, SocialPostBody, SocialPostResult, StatCardData, TestResult, User, VideoGenerateBody, VideoPlatform, VideoProject,
  VideoProjectStatus, VideoProvider, VideoStatus,
} from '@/contract';
// prov-social (issue 15)
export type { OAuthPlatform, OAuthStart, PlatformTokenStatus } from '@/contract';
// prov15 (issue 15)
export type { SocialPublication } from '@/contract';
