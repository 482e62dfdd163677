// The entity types of the /api contract (src/contract), inferred from its schemas; re-exported for the screens.
export type {
  AiNewsDetails, AiNewsItem, Avatar, AvatarListProvider, JsonObject, LiveScene, MediaFile, MediaType, MediaUploadMetadata, NewPost, NewUser, NewsCategory, NewsPlatformResult, NewsSource, NewsSourceRef, NewsStatus,
  Notification, ObsResult, ObsStatus, OverviewData, PipelineStep, Platform, Post, PostPatch, PostStatus, PostTemplate, RunHistoryItem, ScheduledBroadcast, ScheduledPost,
  SocialAnalytics, SocialPlatform, SocialPostBody, SocialPostResult, StatCardData, TestResult, User, VideoGenerateBody, VideoPlatform, VideoPlatformId, VideoProject,
  VideoProjectStatus, VideoProvider, VideoQuality, VideoStatus,
} from '@/contract';
// prov-social
export type { OAuthPlatform, OAuthStart, PlatformTokenStatus } from '@/contract';
// prov15
export type { SocialPublication } from '@/contract';
