// The /api contract: entity schemas and the operation table. Imports nothing but zod/mini.
export * as schemas from './entities';
export type {
  AiNewsItem,
  Avatar,
  AvatarListProvider,
  ErrorBody,
  JsonObject,
  LiveScene,
  MediaFile,
  MediaType,
  MediaUploadMetadata,
  NewPost,
  NewsCategory,
  NewsSource,
  NewUser,
  Notification,
  ObsControlBody,
  ObsResult,
  ObsStatus,
  OverviewData,
  Pipeline,
  PipelineStep,
  Platform,
  Post,
  PostPatch,
  PostStatus,
  PostTemplate,
  Run,
  RunHistoryItem,
  RunStage,
  RunStageEvent,
  RunStageName,
  ScheduledBroadcast,
  ScheduledPost,
  ServiceCheck,
  SocialAnalytics,
  SocialPlatform,
  SocialPostBody,
  SocialPostResult,
  StatCardData,
  TestResult,
  User,
  VideoCreateBody,
  VideoGenerateBody,
  VideoPlatform,
  VideoPlatformId,
  VideoProject,
  VideoProjectStatus,
  VideoProvider,
  VideoQuality,
  VideoStatus,
} from './entities';
export {
  NEWS_CATEGORIES,
  NEWS_SOURCES,
  PLATFORMS,
  RUN_STAGES,
  SOURCE_LANGUAGES,
  VIDEO_PLATFORM_IDS,
  VIDEO_PROVIDERS,
} from './entities';
export type { AiNewsDetails, NewsPlatformResult, NewsSourceRef, NewsStatus } from './entities';
export type {
  DeskSettings,
  DeskSettingsPatch,
  FeedSource,
  FeedSourcePatch,
  NewFeedSource,
  RunArtefact,
  SourceFetch,
  SourceItem,
} from './entities';
export type { TtsProvider, TtsRoleProvider, TtsRoles } from './entities';
export { TTS_PROVIDERS } from './entities';
// prov-social
export type { OAuthPlatform, OAuthStart, PlatformTokenStatus } from './entities';
// prov15
export type { SocialPublication } from './entities';
// OBS through the server
export type { ObsInstanceInfo } from './entities';
export type { OnAirResult } from './entities';
// The event stream
export type { ChangeEvent, ObsConnectionState, ObsServerEvent, ObsStreamPhase } from './entities';
export {
  operations,
  fillPath,
  colonPath,
  isSchema,
  accessOf,
  answersWithRecord,
  type OperationAccess,
  type BinaryResponse,
  type BodyOf,
  type EmptyResponse,
  type HttpMethod,
  type MultipartBody,
  type OperationDef,
  type OperationId,
  type Operations,
  type ParamsOf,
  type QueryOf,
  type ResponseOf,
} from './operations';
