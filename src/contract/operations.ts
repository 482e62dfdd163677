// Every /api operation the console makes, written once: method, path, request and response schemas.
// The app builds and checks its calls from this table, the mocks answer it, the server serves it, the
// OpenAPI document is generated from it. Paths are relative to the base API path (`…/api`).
import * as z from 'zod/mini';
import {
  AiNewsDetails,
  AiNewsItem,
  Avatar,
  AvatarListProvider,
  JsonObject,
  LiveScene,
  MediaFile,
  NewPost,
  NewUser,
  ObsControlBody,
  ObsInstanceInfo,
  ObsResult,
  OnAirResult,
  ObsStatus,
  OverviewData,
  Pipeline,
  Platform,
  Post,
  PostPatch,
  PostTemplate,
  Run,
  RunHistoryItem,
  RunStageEvent,
  ScheduledBroadcast,
  ScheduledPost,
  ServiceCheck,
  SocialAnalytics,
  SocialPlatform,
  SocialPostBody,
  SocialPostResult,
  User,
  UserPatch,
  InvitedUser,
  PasswordLink,
  Session,
  SignIn,
  NewPassword,
  ApiToken,
  NewApiToken,
  CreatedApiToken,
  AuditEntry,
  VideoCreateBody,
  VideoGenerateBody,
  VideoPlatform,
  VideoProject,
  VideoProvider,
  VideoStatus,
} from './entities';
import { KeyService, SavedKey } from './entities';
import { OAuthPlatform, OAuthStart, PlatformTokenStatus } from './entities';
import { SocialPublication } from './entities';
import {
  DeskSettings,
  DeskSettingsPatch,
  FeedSource,
  FeedSourcePatch,
  NewFeedSource,
  RUN_STAGES,
  SourceItem,
} from './entities';
import { TtsProvider, TtsRoleProvider } from './entities';
import type { ChangeTopic } from './topics';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
/** The roles of the desk's people, least first: each may do what the ones before it may. */
export const ROLES = ['Viewer', 'Editor', 'Admin'] as const;
export type Role = (typeof ROLES)[number];
/** A least role, or a way in that is no person's: anyone, a run's own token, a signed address. */
export type OperationAccess = Role | 'public' | 'run-token' | 'signed';

/** A multipart/form-data body: each field is a file or a JSON text (checked by `schema`). */
export interface MultipartBody {
  kind: 'multipart';
  fields: Record<
    string,
    { type: 'file'; required: boolean; accept?: string } | { type: 'json'; required: boolean; schema: z.ZodMiniType }
  >;
}
/** A response that is not JSON: a file (audio, video) or nothing (204). */
export type BinaryResponse = {
  kind: 'binary';
  contentType: string;
  /** Response headers by name, with what they say. */ headers?: Record<string, string>;
};
export type EmptyResponse = { kind: 'empty' };

export interface OperationDef {
  method: HttpMethod;
  /** OpenAPI-style path under the base API path, e.g. `/posts/{id}`. */
  path: string;
  summary: string;
  tag: string;
  /** Listed in SPEC §7 exactly as written. */
  spec: boolean;
  params?: z.ZodMiniObject;
  query?: z.ZodMiniObject;
  body?: z.ZodMiniType | MultipartBody;
  response: z.ZodMiniType | BinaryResponse | EmptyResponse;
  /** The success status. */
  status: 200 | 201 | 202 | 204;
  /**
   * 'key': not idempotent by nature; the console sends an `Idempotency-Key` (one per operator action, reused by
   * every retry) and a backend answers a repeated key with the stored first answer, acting once. A 'key' operation
   * answering 202 accepts work done later: the record of that work is found by the key, and a repeat answers that record
   * as it stands now (the same id; its state may have moved on) — see `answersWithRecord`. 'natural': a repeat has no
   * further effect (reads, PUT/PATCH/DELETE, setting a state).
   */
  idempotency: 'key' | 'natural';
  /** Error statuses the operation documents (besides 401 and 5xx, which every operation may answer). */
  errors?: number[];
  /**
   * Who may call it: the least role of a signed-in user or API token (by default Viewer for a read, Editor for a
   * change), anyone ('public'), the caller holding a run's own token ('run-token': n8n's stage calls), or whoever has
   * a signed address ('signed'). The server's authentication and authorisation, the console's disabled buttons and
   * the OpenAPI document's security are derived from this field alone.
   */
  access?: OperationAccess;
  /**
   * The change the server announces on its event stream when a call succeeds (before it answers). The console's
   * caches of that topic's areas (`STALE_AFTER`) are then stale, whether the console made the call or another did.
   */
  topic?: ChangeTopic;
  /** Areas (an operation id's first segment) a success makes stale beyond its topic's; without both, its own area. */
  invalidates?: readonly string[];
  /**
   * One example request (params, query, body; for a multipart body, the values of its JSON fields by name); responses are
   * exemplified by the reference backend. The mock's sample data answers every example with success.
   */
  example?: { params?: Record<string, string>; query?: Record<string, string | number>; body?: unknown };
}

const op = <const T extends OperationDef>(def: T): T => def;
const id = z.object({ id: z.string().check(z.minLength(1)) });
const provider = z.object({ provider: VideoProvider });
const providerAndId = z.object({ provider: VideoProvider, id: z.string().check(z.minLength(1)) });
const empty: EmptyResponse = { kind: 'empty' };
const optionalObject = z.optional(JsonObject);
const positiveInt = (max: number) => z.optional(z.coerce.number().check(z.int(), z.minimum(0), z.maximum(max)));
// The audit trail's filter: by who (part of the name), action (an operation id or its start) and calendar days.
const day = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/));
// An instant in UTC as Date.toISOString writes it, the form the desk stores: such instants order as text.
const instant = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/));
const auditFilter = z.object({
  actor: z.optional(z.string().check(z.maxLength(200))),
  action: z.optional(z.string().check(z.maxLength(80))),
  from: z.optional(day),
  to: z.optional(day),
});
// OBS through the server: which configured OBS a call is for.
const obsInstance = z.object({ instance: z.optional(z.string()) });

/** The operations, keyed by a stable id `area.action`. */
export const operations = {
  // Dashboard
  'dashboard.overview': op({
    method: 'GET',
    path: '/dashboard/overview',
    tag: 'dashboard',
    spec: false,
    summary:
      'Overview: stat cards, notifications, monitor, views per platform, workflow progress, system status — computed from the stored data.',
    response: OverviewData,
    status: 200,
    idempotency: 'natural',
  }),

  // Posts
  'posts.list': op({
    method: 'GET',
    path: '/posts',
    tag: 'posts',
    spec: false,
    summary:
      'Lists posts, newest first; optional paging (`limit`, `offset`), search (`q`, in title, category and content) and status filter. The total before paging is in the `X-Total-Count` header.',
    query: z.object({
      limit: positiveInt(10_000),
      offset: positiveInt(1_000_000),
      q: z.optional(z.string()),
      status: z.optional(z.enum(['published', 'scheduled', 'draft', 'review', 'failed'])),
    }),
    response: z.array(Post),
    status: 200,
    idempotency: 'natural',
    example: { query: { limit: 50, offset: 0 } },
  }),
  'posts.create': op({
    method: 'POST',
    path: '/posts',
    tag: 'posts',
    spec: false,
    summary: 'Creates a post.',
    body: NewPost,
    response: Post,
    status: 201,
    idempotency: 'key',
    topic: 'posts',
    errors: [400],
    example: {
      body: {
        title: 'KI-Durchbruch in der Medizin',
        status: 'draft',
        platform: 'youtube',
        publishDate: '2026-11-23',
        category: 'Technologie',
        content: 'Neue Studie…',
      },
    },
  }),
  'posts.update': op({
    method: 'PATCH',
    path: '/posts/{id}',
    tag: 'posts',
    spec: false,
    summary: 'Changes fields of a post.',
    params: id,
    body: PostPatch,
    response: Post,
    status: 200,
    idempotency: 'natural',
    topic: 'posts',
    errors: [400, 404],
    example: { params: { id: 'post-1' }, body: { status: 'review' } },
  }),
  'posts.delete': op({
    method: 'DELETE',
    path: '/posts/{id}',
    tag: 'posts',
    spec: false,
    summary: 'Deletes a post.',
    params: id,
    response: empty,
    status: 204,
    idempotency: 'natural',
    topic: 'posts',
    errors: [404],
    example: { params: { id: 'post-1' } },
  }),

  // News
  'news.list': op({
    method: 'GET',
    path: '/news',
    tag: 'news',
    spec: false,
    summary:
      'The AI News Central list; with `publishedSince` (an instant as `Date.toISOString` writes it) only the stories published since then (the Live rundown).',
    query: z.object({ publishedSince: z.optional(instant) }),
    response: z.array(AiNewsItem),
    status: 200,
    idempotency: 'natural',
  }),
  'news.latest': op({
    method: 'GET',
    path: '/news/latest',
    tag: 'news',
    spec: true,
    summary: 'The latest news items.',
    response: z.array(AiNewsItem),
    status: 200,
    idempotency: 'natural',
  }),
  'news.generate': op({
    method: 'POST',
    path: '/news/generate',
    tag: 'news',
    spec: true,
    summary:
      "Generates a news item on a topic (language default en): a story written from the sources' current items on it, under its real source; 422 when no item matches.",
    body: z.object({ topic: z.string().check(z.trim(), z.minLength(1)), language: z._default(z.string(), 'en') }),
    response: AiNewsItem,
    status: 201,
    idempotency: 'key',
    invalidates: ['news', 'dashboard'],
    errors: [400, 422],
    example: { body: { topic: 'KI-Chip', language: 'de' } },
  }),
  'news.get': op({
    method: 'GET',
    path: '/news/{id}',
    tag: 'news',
    spec: false,
    summary:
      'A story with its script, teaser, the items it was written from, how it was written, its disclosure and where it went.',
    params: id,
    response: AiNewsDetails,
    status: 200,
    idempotency: 'natural',
    errors: [404],
    example: { params: { id: 'news-3' } },
  }),
  'news.publish': op({
    method: 'POST',
    path: '/news/{id}/publish',
    tag: 'news',
    spec: false,
    summary:
      "Publishes a draft or a story in review: on the desk's own channel, and to each connected platform of its run (409 for any other status).",
    params: id,
    response: AiNewsItem,
    status: 200,
    idempotency: 'key',
    invalidates: ['news', 'dashboard', 'posts', 'social'],
    errors: [404, 409],
    example: { params: { id: 'news-3' } },
  }),
  'news.reject': op({
    method: 'POST',
    path: '/news/{id}/reject',
    tag: 'news',
    spec: false,
    summary: 'Rejects a story in review: it is never published and its run ends rejected (409 for any other status).',
    params: id,
    response: AiNewsItem,
    status: 200,
    idempotency: 'key',
    invalidates: ['news', 'dashboard'],
    errors: [404, 409],
    example: { params: { id: 'news-4' } },
  }),
  'news.retry': op({
    method: 'POST',
    path: '/news/{id}/retry',
    tag: 'news',
    spec: false,
    summary: 'Retries a failed item (409 for any other status).',
    params: id,
    response: AiNewsItem,
    status: 200,
    idempotency: 'key',
    invalidates: ['news', 'dashboard', 'workflow'],
    errors: [404, 409],
    example: { params: { id: 'news-5' } },
  }),

  // Media
  'media.list': op({
    method: 'GET',
    path: '/media',
    tag: 'media',
    spec: false,
    summary: 'The media library.',
    response: z.array(MediaFile),
    status: 200,
    idempotency: 'natural',
  }),
  'media.upload': op({
    method: 'POST',
    path: '/media/upload',
    tag: 'media',
    spec: true,
    summary: 'Uploads a file (multipart `media` + `metadata` JSON); the type is checked by content.',
    body: {
      kind: 'multipart',
      fields: {
        media: { type: 'file', required: true, accept: 'video/*,audio/*,image/*' },
        metadata: {
          type: 'json',
          required: false,
          schema: z.looseObject({ title: z.optional(z.string()), duration: z.optional(z.nullable(z.string())) }),
        },
      },
    },
    response: MediaFile,
    status: 201,
    idempotency: 'key',
    topic: 'media',
    errors: [400, 413, 415],
    example: { body: { metadata: { title: 'Studio-Foto' } } },
  }),
  'media.delete': op({
    method: 'DELETE',
    path: '/media/{id}',
    tag: 'media',
    spec: false,
    summary: 'Deletes a file; 409 while a post still to go out (scheduled or being published) carries it.',
    params: id,
    response: empty,
    status: 204,
    idempotency: 'natural',
    topic: 'media',
    errors: [404, 409],
    example: { params: { id: 'media-1' } },
  }),

  // Workflow
  'workflow.trigger': op({
    method: 'POST',
    path: '/workflow/trigger/{id}',
    tag: 'workflow',
    spec: true,
    summary: 'Triggers a workflow with a free-form body.',
    params: id,
    body: optionalObject,
    response: z.looseObject({
      success: z.boolean(),
      workflowId: z.optional(z.string()),
      executionId: z.optional(z.string()),
    }),
    status: 200,
    idempotency: 'key',
    topic: 'workflow',
    example: { params: { id: 'ai-news' }, body: { topic: 'KI' } },
  }),
  'workflow.upload': op({
    method: 'POST',
    path: '/workflow/upload',
    tag: 'workflow',
    spec: true,
    summary: 'Uploads a workflow file (multipart `workflow`).',
    body: { kind: 'multipart', fields: { workflow: { type: 'file', required: true, accept: 'application/json' } } },
    response: z.looseObject({
      success: z.boolean(),
      id: z.string(),
      name: z.string(),
      status: z.string(),
      active: z.boolean(),
    }),
    status: 200,
    idempotency: 'key',
    invalidates: ['workflow'],
    errors: [400],
  }),
  'workflow.n8nUpload': op({
    method: 'POST',
    path: '/workflow/n8n/upload',
    tag: 'workflow',
    spec: true,
    summary: 'Imports a workflow into n8n (multipart `workflow` + `metadata` {uploadedAt, filename, size}).',
    body: {
      kind: 'multipart',
      fields: {
        workflow: { type: 'file', required: true, accept: 'application/json' },
        metadata: {
          type: 'json',
          required: false,
          schema: z.object({ uploadedAt: z.string(), filename: z.string(), size: z.number() }),
        },
      },
    },
    response: z.object({ id: z.string(), status: z.string() }),
    status: 200,
    idempotency: 'key',
    invalidates: ['workflow'],
    errors: [400],
    example: {
      body: { metadata: { uploadedAt: '2026-11-23T18:00:00.000Z', filename: 'ai-news.workflow.json', size: 2048 } },
    },
  }),
  'workflow.n8nStatus': op({
    method: 'GET',
    path: '/workflow/n8n/status/{id}',
    tag: 'workflow',
    spec: true,
    summary: 'The state of an imported n8n workflow.',
    params: id,
    response: z.object({ id: z.string(), status: z.string(), active: z.boolean() }),
    status: 200,
    idempotency: 'natural',
    errors: [404],
    example: { params: { id: 'wf-1006' } },
  }),
  'workflow.aiNewsStart': op({
    method: 'POST',
    path: '/workflow/ai-news/start',
    tag: 'workflow',
    spec: true,
    summary: 'Starts the AI-News workflow.',
    body: optionalObject,
    response: z.object({ executionId: z.string() }),
    status: 200,
    idempotency: 'key',
    topic: 'workflow',
    example: { body: { topic: 'KI' } },
  }),
  'workflow.logs': op({
    method: 'GET',
    path: '/workflow/logs/{id}',
    tag: 'workflow',
    spec: true,
    summary: 'The last runs of a workflow with their logs (limit default 10).',
    params: id,
    query: z.object({ limit: positiveInt(100) }),
    response: z.array(RunHistoryItem),
    status: 200,
    idempotency: 'natural',
    example: { params: { id: 'ai-news' }, query: { limit: 10 } },
  }),
  'workflow.retry': op({
    method: 'POST',
    path: '/workflow/retry/{id}',
    tag: 'workflow',
    spec: true,
    summary: 'Retries a run.',
    params: id,
    response: RunHistoryItem,
    status: 200,
    idempotency: 'key',
    topic: 'workflow',
    errors: [404],
    example: { params: { id: 'run-1005' } },
  }),
  'workflow.pipeline': op({
    method: 'GET',
    path: '/workflow/pipeline',
    tag: 'workflow',
    spec: false,
    summary: 'Pipeline steps, variables and success rates for the Monitoring tab.',
    response: Pipeline,
    status: 200,
    idempotency: 'natural',
  }),
  // Runs and stage events
  'workflow.runs': op({
    method: 'GET',
    path: '/workflow/runs',
    tag: 'workflow',
    spec: false,
    summary: 'The last runs (newest first) with their five stages and logs, for the Monitoring tab (limit default 10).',
    query: z.object({ limit: positiveInt(100) }),
    response: z.array(Run),
    status: 200,
    idempotency: 'natural',
    example: { query: { limit: 10 } },
  }),
  'workflow.runEvent': op({
    method: 'POST',
    path: '/runs/{runId}/events',
    access: 'run-token',
    tag: 'workflow',
    spec: false,
    summary:
      "A stage event of a run, posted by the n8n workflow with the run's own token in `X-Newsdesk-Run-Token` (not the operator token); goes out on the event stream.",
    params: z.object({ runId: z.string().check(z.minLength(1)) }),
    body: RunStageEvent,
    response: Run,
    status: 200,
    idempotency: 'natural',
    errors: [400, 401],
    example: {
      params: { runId: 'run-1005' },
      body: { stage: 'Scraper', state: 'started', at: '2026-11-23T09:00:00.000Z' },
    },
  }),

  'workflow.stage': op({
    method: 'POST',
    path: '/runs/{runId}/stages/{stage}',
    access: 'run-token',
    tag: 'workflow',
    spec: false,
    summary:
      "Asks the server to do one stage of a run (n8n's HTTP Request node, with the run's token in `X-Newsdesk-Run-Token`). Answers 202 at once; when the stage has finished, failed or was skipped the server POSTs `{stage, state, error?, reason?}` to `resumeUrl` (n8n's Wait node).",
    params: z.object({ runId: z.string().check(z.minLength(1)), stage: z.enum(RUN_STAGES) }),
    body: z.optional(z.object({ resumeUrl: z.optional(z.url({ protocol: /^https?$/ })) })),
    response: z.object({ accepted: z.boolean(), runId: z.string(), stage: z.string() }),
    status: 202,
    idempotency: 'natural',
    errors: [400, 401, 404, 409],
    example: {
      params: { runId: 'run-1005', stage: 'Scraper' },
      body: { resumeUrl: 'http://n8n.example:5678/webhook-waiting/42' },
    },
  }),

  // Sources (the Scraper stage's feeds) and the desk's settings
  'sources.list': op({
    method: 'GET',
    path: '/sources',
    tag: 'sources',
    spec: false,
    summary: 'The feeds the Scraper reads, with their last fetch.',
    response: z.array(FeedSource),
    status: 200,
    idempotency: 'natural',
  }),
  'sources.create': op({
    method: 'POST',
    path: '/sources',
    tag: 'sources',
    spec: false,
    summary: 'Adds a feed (RSS 2.0, RSS 1.0/RDF, Atom, JSON Feed).',
    body: NewFeedSource,
    response: FeedSource,
    status: 201,
    idempotency: 'key',
    topic: 'sources',
    errors: [400, 409],
    example: {
      body: {
        name: 'Tagesschau',
        url: 'https://www.tagesschau.de/index~rss2.xml',
        category: 'general',
        language: 'de',
      },
    },
  }),
  'sources.update': op({
    method: 'PATCH',
    path: '/sources/{id}',
    tag: 'sources',
    spec: false,
    summary: 'Changes a feed (name, address, category, language, enabled).',
    params: id,
    body: FeedSourcePatch,
    response: FeedSource,
    status: 200,
    idempotency: 'natural',
    topic: 'sources',
    errors: [400, 404, 409],
    example: { params: { id: 'src-tech-news' }, body: { enabled: false } },
  }),
  'sources.delete': op({
    method: 'DELETE',
    path: '/sources/{id}',
    tag: 'sources',
    spec: false,
    summary: 'Removes a feed (the items it brought stay with their provenance).',
    params: id,
    response: empty,
    status: 204,
    idempotency: 'natural',
    topic: 'sources',
    errors: [404],
    example: { params: { id: 'src-bloomberg' } },
  }),
  'sources.fetch': op({
    method: 'POST',
    path: '/sources/{id}/fetch',
    tag: 'sources',
    spec: false,
    summary: 'Reads one feed now („Jetzt abrufen“); answers the feed with its fetch result.',
    params: id,
    response: FeedSource,
    status: 200,
    idempotency: 'natural',
    invalidates: ['sources'],
    errors: [404],
    example: { params: { id: 'src-tech-news' } },
  }),
  'sources.fetchAll': op({
    method: 'POST',
    path: '/sources/fetch',
    tag: 'sources',
    spec: false,
    summary: 'Reads every enabled feed now.',
    response: z.array(FeedSource),
    status: 200,
    idempotency: 'natural',
    invalidates: ['sources'],
  }),
  'sources.items': op({
    method: 'GET',
    path: '/sources/items',
    tag: 'sources',
    spec: false,
    summary: 'The newest stored items with their provenance (optional search `q`, `limit` default 50).',
    query: z.object({ q: z.optional(z.string()), limit: positiveInt(500) }),
    response: z.array(SourceItem),
    status: 200,
    idempotency: 'natural',
    example: { query: { limit: 20 } },
  }),
  'settings.get': op({
    method: 'GET',
    path: '/settings',
    tag: 'settings',
    spec: false,
    summary: "The desk's settings the server acts on (the run schedule, review, the AI disclosure, the TTS roles).",
    response: DeskSettings,
    status: 200,
    idempotency: 'natural',
  }),
  'settings.update': op({
    method: 'PATCH',
    path: '/settings',
    tag: 'settings',
    spec: false,
    summary: "Changes the desk's settings.",
    body: DeskSettingsPatch,
    response: DeskSettings,
    status: 200,
    idempotency: 'natural',
    access: 'Admin',
    invalidates: ['settings'],
    errors: [400],
    example: { body: { schedule: { enabled: true, everyMinutes: 30 } } },
  }),

  // Social
  'social.post': op({
    method: 'POST',
    path: '/social/post/{platform}',
    tag: 'social',
    spec: true,
    summary:
      'Accepts a post for a platform (or schedules it): answers 202 at once with its publication (pending), which the job queue then publishes; the result (published, or failed with the reason) comes on the event stream and in /social/publications. A repeat of the Idempotency-Key answers the same publication as it stands, never posting again.',
    params: z.object({ platform: z.enum(['youtube', 'facebook', 'telegram']) }),
    body: SocialPostBody,
    response: SocialPostResult,
    status: 202,
    idempotency: 'key',
    invalidates: ['social'],
    errors: [400, 404, 409],
    example: { params: { platform: 'telegram' }, body: { content: 'Neue Folge ist online!' } },
  }),
  'social.tiktokPost': op({
    method: 'POST',
    path: '/social/tiktok/post',
    tag: 'social',
    spec: true,
    summary:
      'Accepts a post for TikTok: 202 with its publication (pending), published by the job queue (as /social/post/{platform}).',
    body: SocialPostBody,
    response: SocialPostResult,
    status: 202,
    idempotency: 'key',
    invalidates: ['social'],
    errors: [400, 409],
    example: { body: { content: 'Neue Folge ist online!' } },
  }),
  'social.instagramPost': op({
    method: 'POST',
    path: '/social/instagram/post',
    tag: 'social',
    spec: true,
    summary:
      'Accepts a post for Instagram: 202 with its publication (pending), published by the job queue (as /social/post/{platform}).',
    body: SocialPostBody,
    response: SocialPostResult,
    status: 202,
    idempotency: 'key',
    invalidates: ['social'],
    errors: [400, 409],
    example: { body: { content: 'Neue Folge ist online!' } },
  }),
  'social.platforms': op({
    method: 'GET',
    path: '/social/platforms',
    tag: 'social',
    spec: false,
    summary: 'The social platforms with their connection state.',
    response: z.array(SocialPlatform),
    status: 200,
    idempotency: 'natural',
  }),
  'social.connect': op({
    method: 'POST',
    path: '/social/platforms/{id}/connect',
    tag: 'social',
    spec: false,
    summary: 'Marks a platform connected.',
    params: z.object({ id: Platform }),
    response: SocialPlatform,
    status: 200,
    idempotency: 'natural',
    access: 'Admin',
    topic: 'social',
    errors: [404],
    example: { params: { id: 'tiktok' } },
  }),
  'social.disconnect': op({
    method: 'POST',
    path: '/social/platforms/{id}/disconnect',
    tag: 'social',
    spec: false,
    summary: 'Disconnects a platform.',
    params: z.object({ id: Platform }),
    response: SocialPlatform,
    status: 200,
    idempotency: 'natural',
    access: 'Admin',
    topic: 'social',
    errors: [404],
    example: { params: { id: 'tiktok' } },
  }),
  'social.templates': op({
    method: 'GET',
    path: '/social/templates',
    tag: 'social',
    spec: false,
    summary: 'Post templates.',
    response: z.array(PostTemplate),
    status: 200,
    idempotency: 'natural',
  }),
  'social.updateTemplate': op({
    method: 'PUT',
    path: '/social/templates/{id}',
    tag: 'social',
    spec: false,
    summary: 'Replaces a template.',
    params: id,
    body: PostTemplate,
    response: PostTemplate,
    status: 200,
    idempotency: 'natural',
    topic: 'social',
    errors: [404],
    example: {
      params: { id: 'breaking' },
      body: { id: 'breaking', name: 'Breaking News', content: '🔴 EILMELDUNG: {title}' },
    },
  }),
  'social.scheduled': op({
    method: 'GET',
    path: '/social/scheduled',
    tag: 'social',
    spec: false,
    summary: 'Scheduled posts.',
    response: z.array(ScheduledPost),
    status: 200,
    idempotency: 'natural',
  }),
  'social.updateScheduled': op({
    method: 'PUT',
    path: '/social/scheduled/{id}',
    tag: 'social',
    spec: false,
    summary:
      'Replaces a scheduled post. 409 once the queue has taken it up (being published, published, failed): what the platform gets can no longer change.',
    params: id,
    body: ScheduledPost,
    response: ScheduledPost,
    status: 200,
    idempotency: 'natural',
    topic: 'social',
    errors: [400, 404, 409],
    example: {
      params: { id: 'sched-1' },
      body: {
        id: 'sched-1',
        title: 'Morgen-News',
        platform: 'youtube',
        time: '2026-11-24T08:00:00+01:00',
        status: 'geplant',
      },
    },
  }),
  'social.analytics': op({
    method: 'GET',
    path: '/social/analytics',
    tag: 'social',
    spec: false,
    summary: 'Stat cards and reach/engagement per platform.',
    response: SocialAnalytics,
    status: 200,
    idempotency: 'natural',
  }),
  // OAuth started by the server (the callback is outside the contract: the platform calls it), token health.
  'social.oauthStart': op({
    method: 'POST',
    path: '/social/oauth/{platform}/start',
    tag: 'social',
    spec: false,
    summary: 'Starts an OAuth connection: the authorise URL for the popup, with a one-time state.',
    params: z.object({ platform: OAuthPlatform }),
    response: OAuthStart,
    status: 200,
    idempotency: 'natural',
    access: 'Admin',
    invalidates: ['social'],
    errors: [503],
    example: { params: { platform: 'tiktok' } },
  }),
  'social.tokens': op({
    method: 'GET',
    path: '/social/tokens',
    tag: 'social',
    spec: false,
    summary: 'Whether each stored platform token is fine, about to expire, expired or revoked (never the token).',
    response: z.array(PlatformTokenStatus),
    status: 200,
    idempotency: 'natural',
  }),
  // each platform's result of a post, and Retry of a failed one (by the server's job queue, exactly once).
  'social.publications': op({
    method: 'GET',
    path: '/social/publications',
    tag: 'social',
    spec: false,
    summary:
      'The latest posts per platform with their result (newest first; one postId groups the platforms of a post).',
    response: z.array(SocialPublication),
    status: 200,
    idempotency: 'natural',
  }),
  'social.retry': op({
    method: 'POST',
    path: '/social/publications/{id}/retry',
    tag: 'social',
    spec: false,
    summary: 'Sends a failed platform result again (queued once; the other platforms of the post are left alone).',
    params: id,
    response: SocialPublication,
    status: 200,
    idempotency: 'natural',
    invalidates: ['social'],
    errors: [404, 409],
    example: { params: { id: 'sp-1' } },
  }),

  // OBS and live (`instance` picks one of several OBS the server knows; without it the first)
  'obs.control': op({
    method: 'POST',
    path: '/obs/control',
    tag: 'obs',
    spec: true,
    summary:
      'An OBS action {action, plus extra fields}: setScene/switchScene {sceneName}, startStream, stopStream, setText {text, sourceName?}.',
    body: ObsControlBody,
    query: obsInstance,
    response: ObsResult,
    status: 200,
    idempotency: 'key',
    invalidates: ['obs', 'live'],
    errors: [400, 404, 409],
    example: { body: { action: 'setScene', sceneName: 'main-studio' } },
  }),
  'obs.scenes': op({
    method: 'GET',
    path: '/obs/scenes',
    tag: 'obs',
    spec: true,
    summary: 'The scenes of OBS.',
    query: obsInstance,
    response: z.array(LiveScene),
    status: 200,
    idempotency: 'natural',
  }),
  'obs.scene': op({
    method: 'POST',
    path: '/obs/scene',
    tag: 'obs',
    spec: true,
    summary: 'Switches the program scene.',
    body: z.object({ sceneName: z.string().check(z.minLength(1)) }),
    query: obsInstance,
    response: ObsResult,
    status: 200,
    idempotency: 'natural',
    invalidates: ['obs', 'live'],
    errors: [404],
    example: { body: { sceneName: 'main-studio' } },
  }),
  'obs.status': op({
    method: 'GET',
    path: '/obs/status',
    tag: 'obs',
    spec: true,
    summary: 'Connection, stream state and current scene.',
    query: obsInstance,
    response: ObsStatus,
    status: 200,
    idempotency: 'natural',
  }),
  'obs.streamStart': op({
    method: 'POST',
    path: '/obs/stream/start',
    tag: 'obs',
    spec: true,
    summary: 'Starts the stream.',
    query: obsInstance,
    response: ObsResult,
    status: 200,
    idempotency: 'key',
    invalidates: ['obs', 'live'],
    errors: [409],
  }),
  'obs.streamStop': op({
    method: 'POST',
    path: '/obs/stream/stop',
    tag: 'obs',
    spec: true,
    summary: 'Stops the stream.',
    query: obsInstance,
    response: ObsResult,
    status: 200,
    idempotency: 'key',
    invalidates: ['obs', 'live'],
    errors: [409],
  }),
  'live.schedule': op({
    method: 'GET',
    path: '/live/schedule',
    tag: 'obs',
    spec: false,
    summary: 'Scheduled broadcasts.',
    response: z.array(ScheduledBroadcast),
    status: 200,
    idempotency: 'natural',
  }),
  'telegram.notify': op({
    method: 'POST',
    path: '/telegram/notify',
    tag: 'telegram',
    spec: true,
    summary: 'Sends a notice to the Telegram channel.',
    body: z.object({ message: z.string().check(z.trim(), z.minLength(1)) }),
    response: z.looseObject({ ok: z.boolean(), id: z.optional(z.string()) }),
    status: 200,
    idempotency: 'key',
    invalidates: ['telegram'],
    errors: [400],
    example: { body: { message: 'Wir sind live!' } },
  }),
  // OBS through the server
  'live.onAir': op({
    method: 'POST',
    path: '/live/on-air',
    tag: 'obs',
    spec: false,
    summary:
      "Puts a published story on air in OBS (the Live screen's rundown, „Auf Sendung“): its headline into the quick-text source (`sourceName`, else the instance's own, OBS_TEXT_SOURCE) and, when Admin names a media source and its run made a video, its public video address (`<public origin>/news/<slug>/video`) into that ffmpeg_source. 404 unknown story, 409 not published, 503 OBS not configured or not connected.",
    body: z.object({ newsId: z.string().check(z.minLength(1)), sourceName: z.optional(z.string()) }),
    query: obsInstance,
    response: OnAirResult,
    status: 200,
    idempotency: 'natural',
    invalidates: ['live', 'obs'],
    errors: [400, 404, 409],
    example: { body: { newsId: 'news-1' } },
  }),
  'obs.instances': op({
    method: 'GET',
    path: '/obs/instances',
    tag: 'obs',
    spec: false,
    summary: 'The OBS instances the server is configured for, with their connection state (never a password).',
    response: z.array(ObsInstanceInfo),
    status: 200,
    idempotency: 'natural',
  }),

  // AI
  'ai.prompt': op({
    method: 'POST',
    path: '/ai/prompt',
    tag: 'ai',
    spec: true,
    summary: 'Generates text for a prompt type and its parameters.',
    body: z.object({ type: z.string().check(z.trim(), z.minLength(1)), parameters: z._default(JsonObject, {}) }),
    response: z.object({ text: z.string() }),
    status: 200,
    idempotency: 'key',
    errors: [400],
    example: { body: { type: 'content', parameters: { topic: 'KI' } } },
  }),
  'tts.generate': op({
    method: 'POST',
    path: '/tts/generate',
    tag: 'tts',
    spec: true,
    summary:
      "Speech for a text {text, provider, plus options}; answers an audio file. Without a provider the desk's roles decide (primary elevenlabs, backup azure); with no key of the asked provider nor of its backup, or asked for espeak, the embedded eSpeak-NG speaks a WAV. Options: backup (a provider to fail over to), voice (a console voice such as german-female-1 or Anna), language.",
    body: z.looseObject({
      text: z.string().check(z.trim(), z.minLength(1)),
      provider: z.optional(TtsProvider),
      backup: z.optional(TtsRoleProvider),
    }),
    response: {
      kind: 'binary',
      contentType: 'audio/*',
      headers: { 'X-TTS-Provider': 'The engine that spoke: elevenlabs, azure or espeak.' },
    },
    status: 200,
    idempotency: 'key',
    errors: [400],
    example: { body: { text: 'Guten Abend.', provider: 'elevenlabs' } },
  }),

  // Video
  'video.platforms': op({
    method: 'GET',
    path: '/video/platforms',
    tag: 'video',
    spec: false,
    summary: "Video platforms offered in Video Studio: the providers and `local` (the desk's own render).",
    response: z.array(VideoPlatform),
    status: 200,
    idempotency: 'natural',
  }),
  'video.avatars': op({
    method: 'GET',
    path: '/video/avatars',
    tag: 'video',
    spec: false,
    summary: 'Avatars of every provider.',
    response: z.array(Avatar),
    status: 200,
    idempotency: 'natural',
  }),
  'video.providerAvatars': op({
    method: 'GET',
    path: '/video/{provider}/avatars',
    tag: 'video',
    spec: true,
    summary: 'Avatars of a provider (SPEC §7: tavus, heygen).',
    params: z.object({ provider: AvatarListProvider }),
    response: z.array(Avatar),
    status: 200,
    idempotency: 'natural',
    errors: [404],
    example: { params: { provider: 'heygen' } },
  }),
  'video.projects': op({
    method: 'GET',
    path: '/video/projects',
    tag: 'video',
    spec: false,
    summary: 'Video projects with their progress.',
    response: z.array(VideoProject),
    status: 200,
    idempotency: 'natural',
  }),
  'video.retryProject': op({
    method: 'POST',
    path: '/video/projects/{id}/retry',
    tag: 'video',
    spec: false,
    summary: 'Starts a failed project again (409 otherwise).',
    params: id,
    response: VideoProject,
    status: 200,
    idempotency: 'key',
    invalidates: ['video', 'dashboard'],
    errors: [404, 409],
    example: { params: { id: 'vp-4' } },
  }),
  'video.generate': op({
    method: 'POST',
    path: '/video/generate',
    tag: 'video',
    spec: true,
    summary:
      "Video Studio's Generate: a video {platform, avatar, script, background, voice}; also the fallback of /video/{provider}/generate. Platform `local` renders on the desk without a provider: no avatar, speech by the desk's TTS, quality 720p/1080p/4k.",
    body: VideoGenerateBody,
    response: VideoProject,
    status: 201,
    idempotency: 'key',
    invalidates: ['video', 'dashboard'],
    errors: [400],
    example: {
      body: { platform: 'heygen', avatar: 'anna', script: 'Guten Abend.', background: 'studio', voice: 'de-DE' },
    },
  }),
  'video.providerGenerate': op({
    method: 'POST',
    path: '/video/{provider}/generate',
    tag: 'video',
    spec: true,
    summary:
      'Generates a video with a provider (behind the video breaker: 3 failures, 300000 ms). The console makes /video/generate and the create routes instead; kept for backends and scripts of SPEC §7.',
    params: provider,
    body: VideoGenerateBody,
    response: VideoProject,
    status: 201,
    idempotency: 'key',
    invalidates: ['video', 'dashboard'],
    errors: [400, 404],
    example: { params: { provider: 'heygen' }, body: { avatar: 'anna', script: 'Guten Abend.' } },
  }),
  'video.status': op({
    method: 'GET',
    path: '/video/{provider}/status/{id}',
    tag: 'video',
    spec: true,
    summary: 'Progress of a video job.',
    params: providerAndId,
    response: VideoStatus,
    status: 200,
    idempotency: 'natural',
    errors: [404],
    example: { params: { provider: 'heygen', id: 'vp-1' } },
  }),
  'video.download': op({
    method: 'GET',
    path: '/video/{provider}/download/{id}',
    tag: 'video',
    spec: true,
    summary: 'The finished video file (409 while not completed).',
    params: providerAndId,
    response: { kind: 'binary', contentType: 'video/*' },
    status: 200,
    idempotency: 'natural',
    errors: [404, 409],
    example: { params: { provider: 'heygen', id: 'vp-1' } },
  }),
  'video.tavusCreate': op({
    method: 'POST',
    path: '/video/tavus/create',
    tag: 'video',
    spec: true,
    summary:
      "Creates a Tavus video; with `project` (a failed Tavus project) creates it again at Tavus (My Projects' Retry; 404 unknown, 409 not failed).",
    body: VideoCreateBody,
    response: VideoProject,
    status: 201,
    idempotency: 'key',
    invalidates: ['video', 'dashboard'],
    errors: [404, 409],
    example: { body: { avatar: 'r1', script: 'Guten Abend.' } },
  }),
  'video.heygenCreate': op({
    method: 'POST',
    path: '/video/heygen/create',
    tag: 'video',
    spec: true,
    summary:
      "Creates a HeyGen video; with `project` (a failed HeyGen project) creates it again at HeyGen (My Projects' Retry; 404 unknown, 409 not failed).",
    body: VideoCreateBody,
    response: VideoProject,
    status: 201,
    idempotency: 'key',
    invalidates: ['video', 'dashboard'],
    errors: [404, 409],
    example: { body: { avatar: 'anna', script: 'Guten Abend.' } },
  }),
  'video.didCreate': op({
    method: 'POST',
    path: '/video/did/create',
    tag: 'video',
    spec: true,
    summary:
      "Creates a D-ID video; with `project` (a failed D-ID project) creates it again at D-ID (My Projects' Retry; 404 unknown, 409 not failed).",
    body: VideoCreateBody,
    response: VideoProject,
    status: 201,
    idempotency: 'key',
    invalidates: ['video', 'dashboard'],
    errors: [404, 409],
    example: { body: { avatar: 'amy', script: 'Guten Abend.' } },
  }),
  'video.modelslabGenerate': op({
    method: 'POST',
    path: '/video/modelslab/generate',
    tag: 'video',
    spec: true,
    summary:
      "Generates a ModelsLab video; with `project` (a failed ModelsLab project) creates it again at ModelsLab (My Projects' Retry; 404 unknown, 409 not failed).",
    body: VideoCreateBody,
    response: VideoProject,
    status: 201,
    idempotency: 'key',
    invalidates: ['video', 'dashboard'],
    errors: [404, 409],
    example: { body: { script: 'Guten Abend.' } },
  }),
  'video.vidauCreate': op({
    method: 'POST',
    path: '/video/vidau/create',
    tag: 'video',
    spec: true,
    summary:
      "Creates a VidAU video; with `project` (a failed VidAU project) creates it again at VidAU (My Projects' Retry; 404 unknown, 409 not failed).",
    body: VideoCreateBody,
    response: VideoProject,
    status: 201,
    idempotency: 'key',
    invalidates: ['video', 'dashboard'],
    errors: [404, 409],
    example: { body: { script: 'Guten Abend.' } },
  }),

  // Provider tests and health
  'test.openai': op({
    method: 'POST',
    path: '/test/openai',
    tag: 'test',
    spec: true,
    summary: 'Tests an OpenAI key (Authorization: Bearer <key>).',
    response: ServiceCheck,
    status: 200,
    idempotency: 'natural',
    access: 'Admin',
    errors: [401],
  }),
  'test.service': op({
    method: 'GET',
    path: '/test/{service}',
    tag: 'test',
    spec: true,
    summary:
      "Tests a provider key sent in the provider's header; an unknown service gives success false with the error 'Unknown service'.",
    params: z.object({ service: z.string().check(z.minLength(1)) }),
    response: ServiceCheck,
    status: 200,
    idempotency: 'natural',
    access: 'Admin',
    errors: [401, 404],
    example: { params: { service: 'elevenlabs' } },
  }),
  'health.service': op({
    method: 'GET',
    path: '/health/{service}',
    tag: 'health',
    spec: true,
    summary: 'Health of a provider (polled every 30000 ms).',
    params: z.object({
      service: z.enum(['openai', 'elevenlabs', 'azure', 'tavus', 'vidau', 'modelslab', 'heygen', 'did']),
    }),
    response: ServiceCheck,
    status: 200,
    idempotency: 'natural',
    errors: [404],
    example: { params: { service: 'openai' } },
  }),

  // Users
  'users.list': op({
    method: 'GET',
    path: '/users',
    tag: 'users',
    spec: false,
    summary: 'Users and their access.',
    response: z.array(User),
    status: 200,
    idempotency: 'natural',
  }),
  'users.create': op({
    method: 'POST',
    path: '/users',
    tag: 'users',
    spec: false,
    summary:
      'Invites a user: answers the user and a one-time link (valid 24 h) to set a password, shown once (409 when the address is taken).',
    body: NewUser,
    response: InvitedUser,
    status: 201,
    idempotency: 'key',
    access: 'Admin',
    topic: 'users',
    errors: [400, 409],
    example: { body: { name: 'Mara Schulz', email: 'mara@example.org', role: 'Editor' } },
  }),

  'users.update': op({
    method: 'PATCH',
    path: '/users/{id}',
    tag: 'users',
    spec: false,
    summary:
      "Changes a user's role or disables them (which ends their sessions); the last active administrator cannot be demoted or disabled (409).",
    params: id,
    body: UserPatch,
    response: User,
    status: 200,
    idempotency: 'natural',
    access: 'Admin',
    topic: 'users',
    errors: [400, 404, 409],
    example: { params: { id: 'user-admin' }, body: { role: 'Admin' } },
  }),
  'users.delete': op({
    method: 'DELETE',
    path: '/users/{id}',
    tag: 'users',
    spec: false,
    summary:
      'Deletes a user with their sessions and API tokens (not the last administrator, 409); the audit trail keeps their name.',
    params: id,
    response: empty,
    status: 204,
    idempotency: 'natural',
    access: 'Admin',
    topic: 'users',
    errors: [404, 409],
    example: { params: { id: 'user-unbekannt' } },
  }),
  'users.passwordLink': op({
    method: 'POST',
    path: '/users/{id}/password-link',
    tag: 'users',
    spec: false,
    summary:
      'Makes a one-time link (valid 24 h) for the user to set a new password, shown once; earlier links of the user stop working.',
    params: id,
    response: PasswordLink,
    status: 201,
    idempotency: 'natural',
    access: 'Admin',
    errors: [404],
    example: { params: { id: 'user-admin' } },
  }),

  // Sign-in: a session per person (an HttpOnly cookie on the same origin, a bearer token on another).
  'session.get': op({
    method: 'GET',
    path: '/session',
    tag: 'session',
    spec: false,
    summary: 'Who this console is signed in as (401 when nobody is).',
    response: Session,
    status: 200,
    idempotency: 'natural',
  }),
  'session.signIn': op({
    method: 'POST',
    path: '/session',
    tag: 'session',
    spec: false,
    summary:
      'Signs in with e-mail address and password: sets the session cookie, or answers a bearer token when asked (`bearer`). Wrong or unknown: 401 with one message for both; too many: 429.',
    body: SignIn,
    response: Session,
    status: 201,
    idempotency: 'natural',
    access: 'public',
    errors: [400, 401, 415, 429],
    example: { body: { email: 'admin@newsdesk.local', password: 'ein-langes-passwort' } },
  }),
  'session.signOut': op({
    method: 'DELETE',
    path: '/session',
    tag: 'session',
    spec: false,
    summary: 'Ends this session (with `everywhere=true`: every session of the user, „Überall abmelden“).',
    query: z.object({ everywhere: z.optional(z.enum(['true', 'false'])) }),
    response: empty,
    status: 204,
    idempotency: 'natural',
    access: 'Viewer',
  }),
  'session.setPassword': op({
    method: 'POST',
    path: '/session/password',
    tag: 'session',
    spec: false,
    summary:
      "Sets a password with a one-time link's token (an invitation or a reset); ends the user's sessions. A used or expired link: 410.",
    body: NewPassword,
    response: empty,
    status: 204,
    idempotency: 'natural',
    access: 'public',
    errors: [400, 410],
    example: { body: { token: 'link-token', password: 'ein-langes-passwort' } },
  }),

  // Personal API tokens: n8n, scripts and OpenAPI users act with the role of the user who made them.
  'tokens.list': op({
    method: 'GET',
    path: '/tokens',
    tag: 'tokens',
    spec: false,
    summary: "The signed-in user's API tokens (an administrator's: everyone's), never their secret.",
    response: z.array(ApiToken),
    status: 200,
    idempotency: 'natural',
  }),
  'tokens.create': op({
    method: 'POST',
    path: '/tokens',
    tag: 'tokens',
    spec: false,
    summary:
      'Makes an API token for the signed-in user; its secret is in this answer only (stored hashed). A personal API token cannot make others (403).',
    body: NewApiToken,
    response: CreatedApiToken,
    status: 201,
    idempotency: 'natural',
    access: 'Viewer',
    invalidates: ['tokens'],
    errors: [400, 403],
    example: { body: { name: 'n8n' } },
  }),
  'tokens.delete': op({
    method: 'DELETE',
    path: '/tokens/{id}',
    tag: 'tokens',
    spec: false,
    summary: "Revokes an API token (one's own; an administrator: anyone's).",
    params: id,
    response: empty,
    status: 204,
    idempotency: 'natural',
    access: 'Viewer',
    invalidates: ['tokens'],
    errors: [404],
    example: { params: { id: 'token-unbekannt' } },
  }),

  // The audit trail „Protokoll“: append-only, no operation edits or deletes it.
  'audit.list': op({
    method: 'GET',
    path: '/audit',
    tag: 'audit',
    spec: false,
    summary: 'The audit trail, newest first, filtered by user, action and date (X-Total-Count: all matches).',
    query: z.extend(auditFilter, {
      limit: positiveInt(1000),
      offset: positiveInt(10_000_000),
    }),
    response: z.array(AuditEntry),
    status: 200,
    idempotency: 'natural',
    access: 'Admin',
    example: { query: { limit: 50 } },
  }),
  'audit.export': op({
    method: 'GET',
    path: '/audit/export',
    tag: 'audit',
    spec: false,
    summary: 'The filtered audit trail as a CSV or JSON file.',
    query: z.extend(auditFilter, { format: z.enum(['csv', 'json']) }),
    response: { kind: 'binary', contentType: 'text/csv' },
    status: 200,
    idempotency: 'natural',
    access: 'Admin',
    example: { query: { format: 'csv' } },
  }),

  // Keys: provider keys stored encrypted on the server; answers carry only the masked form.
  'keys.list': op({
    method: 'GET',
    path: '/keys',
    tag: 'keys',
    spec: false,
    summary:
      'The provider keys the server holds (saved in Admin or from its environment): masked form and last test, never the key.',
    response: z.array(SavedKey),
    status: 200,
    idempotency: 'natural',
  }),
  'keys.save': op({
    method: 'PUT',
    path: '/keys/{service}',
    tag: 'keys',
    spec: false,
    summary: 'Saves a provider key on the server (encrypted at rest); answers its masked form.',
    params: z.object({ service: KeyService }),
    body: z.object({ key: z.string().check(z.trim(), z.minLength(1), z.maxLength(4096)) }),
    response: SavedKey,
    status: 200,
    idempotency: 'natural',
    access: 'Admin',
    invalidates: ['keys', 'health', 'test'],
    errors: [400],
    example: { params: { service: 'elevenlabs' }, body: { key: 'xi-demo-0123456789abcdef' } },
  }),
  'keys.delete': op({
    method: 'DELETE',
    path: '/keys/{service}',
    tag: 'keys',
    spec: false,
    summary: 'Deletes a saved provider key (an environment key of the server stays in force).',
    params: z.object({ service: KeyService }),
    response: empty,
    status: 204,
    idempotency: 'natural',
    access: 'Admin',
    invalidates: ['keys', 'health', 'test'],
    example: { params: { service: 'elevenlabs' } },
  }),
} as const satisfies Record<string, OperationDef>;

export type Operations = typeof operations;
export type OperationId = keyof Operations;

type SchemaOf<T> = T extends z.ZodMiniType ? z.infer<T> : never;
/** The path parameters of an operation. */
export type ParamsOf<K extends OperationId> = Operations[K] extends { params: infer P } ? SchemaOf<P> : undefined;
/** The query of an operation (what the caller passes, before coercion). */
export type QueryOf<K extends OperationId> = Operations[K] extends { query: infer Q }
  ? Q extends z.ZodMiniType
    ? z.input<Q>
    : never
  : undefined;
/** The JSON body of an operation (input form: defaults may be left out). */
export type BodyOf<K extends OperationId> = Operations[K] extends { body: infer B }
  ? B extends MultipartBody
    ? FormData
    : B extends z.ZodMiniType
      ? z.input<B>
      : never
  : undefined;
/** What an operation answers on success. */
export type ResponseOf<K extends OperationId> = Operations[K]['response'] extends infer R
  ? R extends z.ZodMiniType
    ? z.infer<R>
    : R extends BinaryResponse
      ? Blob
      : void
  : never;

/** True for a response spec that is a schema (JSON), not a file or nothing. */
export function isSchema(value: OperationDef['response'] | OperationDef['body']): value is z.ZodMiniType {
  return typeof value === 'object' && value !== null && '~standard' in value;
}

/** The item schema of a list answer (an array with no rule of its own), so that a reader may check it item by item. */
export function listItem(value: OperationDef['response']): z.ZodMiniType | undefined {
  if (!isSchema(value)) return undefined;
  const def = value._zod.def;
  return def.type === 'array' && !def.checks?.length ? (value as z.ZodMiniArray<z.ZodMiniType>).def.element : undefined;
}

/** Fills `{name}` segments with URL-encoded values: `/posts/{id}` + {id:'a b'} → `/posts/a%20b`. */
export function fillPath(path: string, params: Record<string, string> | undefined): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(value);
  });
}

/** `/posts/{id}` → `/posts/:id` (the pattern syntax of msw and Hono). */
export function colonPath(path: string): string {
  return path.replace(/\{(\w+)\}/g, ':$1');
}

/**
 * A keyed operation that accepts work for later (202): its backend finds the work's own record by the Idempotency-Key
 * and answers it as it stands now, instead of replaying a stored first answer (which would say 'pending' forever).
 */
export const answersWithRecord = (def: Pick<OperationDef, 'idempotency' | 'status'>): boolean =>
  def.idempotency === 'key' && def.status === 202;

/** How an operation is reached: its declared access; by default a read is a Viewer's, a change an Editor's. */
export const accessOf = (def: Pick<OperationDef, 'access' | 'method'>): OperationAccess =>
  def.access ?? (def.method === 'GET' ? 'Viewer' : 'Editor');

/** True for an access that is a person's role (a signed-in user or their API token), not an open way in. */
export const isRole = (access: OperationAccess): access is Role => (ROLES as readonly string[]).includes(access);

/** Whether a user of `role` may call an operation of `access` (an open one: anyone may). */
export const roleAllows = (role: Role, access: OperationAccess): boolean =>
  !isRole(access) || ROLES.indexOf(role) >= ROLES.indexOf(access);
