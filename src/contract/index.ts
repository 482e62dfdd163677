// The /api contract: entity schemas and the operation table. Imports nothing but zod/mini.
export * as schemas from './entities';
// Every entity type, under the name its schema has.
export type * from './entities';
export type { ChangeTopic } from './topics';
export {
  NEWS_CATEGORIES,
  NEWS_SOURCES,
  PLATFORMS,
  RUN_STAGES,
  SOURCE_LANGUAGES,
  VIDEO_PLATFORM_IDS,
  VIDEO_PROVIDERS,
} from './entities';
export { TTS_PROVIDERS } from './entities';
export {
  operations,
  fillPath,
  colonPath,
  isSchema,
  listItem,
  accessOf,
  isRole,
  roleAllows,
  ROLES,
  answersWithRecord,
  type OperationAccess,
  type Role,
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
