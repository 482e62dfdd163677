// The entity types of the /api contract (src/contract), inferred from its schemas; re-exported for the screens.
export type {
  AiNewsItem, Avatar, LiveScene, MediaFile, MediaType, NewPost, NewsCategory, NewsSource, Notification, OverviewData, PipelineStep, Platform,
  Post, PostStatus, PostTemplate, RunHistoryItem, ScheduledBroadcast, ScheduledPost, SocialPlatform, StatCardData, TestResult, User,
  VideoPlatform, VideoProject, VideoProjectStatus, VideoProvider,
} from '@/contract';
