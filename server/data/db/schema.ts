// The one Drizzle schema of the server; `npx drizzle-kit generate --config server/drizzle.config.ts` turns a change into a new SQL migration.
import {
  bigserial,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

// `seq` orders lists newest first (the mock store's order: the newest insert on top).
export const posts = pgTable(
  'posts',
  {
    seq: bigserial('seq', { mode: 'number' }).notNull().unique(),
    id: text('id').primaryKey(),
    title: text('title').notNull(),
    status: text('status').notNull(),
    platform: text('platform').notNull(),
    views: integer('views').notNull().default(0),
    engagement: doublePrecision('engagement').notNull().default(0),
    publishDate: text('publish_date').notNull(),
    category: text('category').notNull(),
    content: text('content'),
    /** Who sent it to its platform: a person's name, or the schedule. */
    publishedBy: text('published_by'),
  },
  (t) => [index('posts_status_idx').on(t.status)],
);

export const news = pgTable('news', {
  seq: bigserial('seq', { mode: 'number' }).notNull().unique(),
  id: text('id').primaryKey(),
  title: text('title').notNull(),
  source: text('source').notNull(),
  category: text('category').notNull(),
  status: text('status').notNull(),
  createdAt: text('created_at').notNull(),
  publishedAt: text('published_at'),
  views: integer('views').notNull().default(0),
  engagement: doublePrecision('engagement').notNull().default(0),
  /** The run that wrote the story (null for a story from AI News' Generate or a sample). */
  runId: text('run_id'),
  /** The public page's address part (/news/<slug>), made when the story is written. */
  slug: text('slug').unique(),
  /** The person who published it from review or as a draft. */
  approvedBy: text('approved_by'),
});

export const media = pgTable('media', {
  seq: bigserial('seq', { mode: 'number' }).notNull().unique(),
  id: text('id').primaryKey(),
  title: text('title').notNull(),
  type: text('type').notNull(),
  size: text('size').notNull(),
  duration: text('duration'),
  date: text('date').notNull(),
  thumbnail: text('thumbnail').notNull(),
  /** An outside or sample address; null when the file is stored by this server (its address is signed per answer). */
  url: text('url'),
  /** The stored file's name under the data folder's media/ (uploads only). */
  fileName: text('file_name'),
  mime: text('mime'),
  bytes: integer('bytes'),
  views: integer('views').notNull().default(0),
});

export const users = pgTable('users', {
  seq: bigserial('seq', { mode: 'number' }).notNull().unique(),
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  role: text('role').notNull(),
  access: text('access').notNull(),
  /** scrypt, in the PHC-like form of identity/passwords.ts; null until the user sets one from their link. */
  passwordHash: text('password_hash'),
  disabled: boolean('disabled').notNull().default(false),
  lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true, mode: 'string' }),
});

// A person's sessions: the cookie's or bearer token's SHA-256 only; idle and absolute expiry are checked on each use.
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    csrf: text('csrf').notNull(),
    kind: text('kind').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'string' }).notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

// One-time links to set a password (an invitation or a reset): the token's SHA-256, used once, valid 24 h.
export const passwordLinks = pgTable('password_links', {
  tokenHash: text('token_hash').primaryKey(),
  userId: text('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'string' }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true, mode: 'string' }),
});

// Personal API tokens (n8n, scripts): stored as SHA-256, acting with their user's role.
export const apiTokens = pgTable(
  'api_tokens',
  {
    seq: bigserial('seq', { mode: 'number' }).notNull().unique(),
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'string' }),
  },
  (t) => [index('api_tokens_user_idx').on(t.userId)],
);

// The audit trail: appended by the server only (no operation updates or deletes a row); pruned after its retention.
export const auditLog = pgTable(
  'audit_log',
  {
    seq: bigserial('seq', { mode: 'number' }).notNull().unique(),
    id: text('id').primaryKey(),
    at: timestamp('at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    actorKind: text('actor_kind').notNull(),
    actorId: text('actor_id'),
    actor: text('actor').notNull(),
    action: text('action').notNull(),
    targetId: text('target_id'),
    summary: text('summary').notNull(),
    address: text('address'),
    outcome: text('outcome').notNull(),
    status: integer('status').notNull(),
  },
  (t) => [index('audit_log_at_idx').on(t.at), index('audit_log_action_idx').on(t.action)],
);

export const socialPlatforms = pgTable('social_platforms', {
  seq: bigserial('seq', { mode: 'number' }).notNull().unique(),
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  connected: boolean('connected').notNull().default(false),
  status: text('status').notNull(),
  followers: integer('followers').notNull().default(0),
  posts: integer('posts').notNull().default(0),
});

export const postTemplates = pgTable('post_templates', {
  seq: bigserial('seq', { mode: 'number' }).notNull().unique(),
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  content: text('content').notNull(),
});

export const scheduledPosts = pgTable('scheduled_posts', {
  seq: bigserial('seq', { mode: 'number' }).notNull().unique(),
  id: text('id').primaryKey(),
  title: text('title').notNull(),
  platform: text('platform').notNull(),
  time: text('time').notNull(),
  status: text('status').notNull(),
  content: text('content'),
});

export const broadcasts = pgTable('broadcasts', {
  seq: bigserial('seq', { mode: 'number' }).notNull().unique(),
  id: text('id').primaryKey(),
  title: text('title').notNull(),
  time: text('time').notNull(),
  date: text('date').notNull(),
  platform: text('platform').notNull(),
});

export const avatars = pgTable('avatars', {
  seq: bigserial('seq', { mode: 'number' }).notNull().unique(),
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  preview: text('preview').notNull(),
  voice: text('voice').notNull(),
  platform: text('platform').notNull(),
});

export const videoProjects = pgTable('video_projects', {
  seq: bigserial('seq', { mode: 'number' }).notNull().unique(),
  id: text('id').primaryKey(),
  title: text('title').notNull(),
  status: text('status').notNull(),
  progress: integer('progress').notNull().default(0),
  avatar: text('avatar').notNull(),
  platform: text('platform').notNull(),
  duration: text('duration').notNull(),
  createdAt: text('created_at').notNull(),
  url: text('url'),
  /** A local render's Media Library video (its address is signed per answer); deleting the item deletes the project. */
  mediaId: text('media_id').references(() => media.id, { onDelete: 'cascade' }),
  /** Why the project failed (German). */
  error: text('error'),
});

export const workflowRuns = pgTable('workflow_runs', {
  seq: bigserial('seq', { mode: 'number' }).notNull().unique(),
  id: text('id').primaryKey(),
  workflowId: text('workflow_id').notNull().default('ai-news'),
  timestamp: text('timestamp').notNull(),
  status: text('status').notNull(),
  duration: text('duration').notNull(),
  topic: text('topic').notNull(),
  log: jsonb('log').$type<string[]>(),
});

export const pipelineSteps = pgTable('pipeline_steps', {
  seq: bigserial('seq', { mode: 'number' }).notNull().unique(),
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  status: text('status').notNull(),
  progress: integer('progress').notNull().default(0),
});

/** Small named values (the pipeline's variables and success rates). */
export const keyValues = pgTable('key_values', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
});

export const notifications = pgTable('notifications', {
  seq: bigserial('seq', { mode: 'number' }).notNull().unique(),
  id: text('id').primaryKey(),
  message: text('message').notNull(),
  type: text('type').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The first answer to each Idempotency-Key; `status` is null while the first request is still being handled. */
export const idempotencyKeys = pgTable('idempotency_keys', {
  key: text('key').primaryKey(),
  fingerprint: text('fingerprint').notNull(),
  status: integer('status'),
  contentType: text('content_type'),
  body: text('body'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

// provider keys saved in Admin, AES-256-GCM encrypted (`v1.<iv>.<tag>.<ciphertext>`, base64url); never sent back.
export const providerKeys = pgTable('provider_keys', {
  provider: text('provider').primaryKey(),
  sealed: text('sealed').notNull(),
  /** The masked form shown in Admin (`sk-…abcd`), kept beside the key so a list needs no decryption. */
  masked: text('masked').notNull(),
  lastTested: timestamp('last_tested', { withTimezone: true }),
  lastStatus: text('last_status'),
  lastError: text('last_error'),
  responseTime: integer('response_time'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Avatar video jobs still open at the provider; claimed with SKIP LOCKED and a lease, so a restart resumes them. */
export const videoJobs = pgTable(
  'video_jobs',
  {
    projectId: text('project_id').primaryKey(),
    provider: text('provider').notNull(),
    externalId: text('external_id').notNull(),
    /** What the job was made from (avatar, script, …), so Retry can make it again. */
    input: jsonb('input').notNull(),
    state: text('state').notNull().default('following'),
    polls: integer('polls').notNull().default(0),
    resultUrl: text('result_url'),
    error: text('error'),
    nextPollAt: timestamp('next_poll_at', { withTimezone: true }).notNull().defaultNow(),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('video_jobs_due').on(t.state, t.nextPollAt)],
);

/** The text of a story and its provenance: script, teaser, the items it cites, how it was written and published. */
export const newsTexts = pgTable('news_texts', {
  newsId: text('news_id').primaryKey(),
  body: text('body').notNull(),
  model: text('model').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  teaser: text('teaser').notNull().default(''),
  /** The items the story was written from as they were then, numbered as it cites them: provenance outlives the items. */
  sources: jsonb('sources')
    .$type<
      Array<{
        n: number;
        title: string;
        url: string;
        sources: string[];
        publishedAt: string | null;
        links?: Array<{ source: string; url: string }>;
      }>
    >()
    .notNull()
    .default([]),
  /** The disclosure line it went out with; null until it is published. */
  disclosure: text('disclosure'),
  /** Published after the desk's review (true) or on its own (false); null until published. */
  reviewed: boolean('reviewed'),
  /** Platforms of its run it did not go to, with the German reason. */
  skipped: jsonb('skipped').$type<Array<{ platform: string; reason: string }>>().notNull().default([]),
});

// the job queue, per-platform post results, platform OAuth tokens and pending OAuth states.

/**
 * Sign-in tries of the last window, counted per account and per address by every instance alike (identity/limiter.ts):
 * a restart or a second instance does not give a guesser fresh tries.
 */
export const signInTries = pgTable(
  'sign_in_tries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    account: text('account').notNull(),
    address: text('address').notNull(),
    at: timestamp('at', { withTimezone: true, mode: 'string' }).notNull(),
  },
  (t) => [
    index('sign_in_tries_account_idx').on(t.account, t.at),
    index('sign_in_tries_address_idx').on(t.address, t.at),
    index('sign_in_tries_at_idx').on(t.at),
  ],
);

/** Work done later on any instance, claimed with SKIP LOCKED; a stale claim (a crashed worker) is taken over. */
export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull(),
    runAt: timestamp('run_at', { withTimezone: true }).notNull(),
    /** A job with a key exists once (a scheduled post, a token's refresh). */
    uniqueKey: text('unique_key'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    /** Claims that lapsed with their worker; at MAX_TAKEOVERS the job is given up (jobs/queue.ts). */
    takeovers: integer('takeovers').notNull().default(0),
    claimedBy: text('claimed_by'),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    doneAt: timestamp('done_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('jobs_due_idx').on(t.runAt), uniqueIndex('jobs_unique_key_idx').on(t.uniqueKey)],
);

/** One row per platform of a post (a multi-platform post shows which went out and which to retry). */
export const socialPostResults = pgTable(
  'social_post_results',
  {
    seq: bigserial('seq', { mode: 'number' }).notNull().unique(),
    id: text('id').primaryKey(),
    /** The operator's post (one id for all its platforms). */
    postId: text('post_id').notNull(),
    platform: text('platform').notNull(),
    /** 'scheduled' | 'publishing' | 'published' | 'failed' */
    status: text('status').notNull(),
    content: text('content').notNull(),
    title: text('title'),
    mediaUrl: text('media_url'),
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }),
    timeZone: text('time_zone'),
    remoteId: text('remote_id'),
    error: text('error'),
    /**
     * Failed where the platform may have the post (sent and unanswered, interrupted, not recorded): sent again only by
     * the operator's own Retry, never by a stage or a job.
     */
    unsure: boolean('unsure').notNull().default(false),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('social_post_results_post_idx').on(t.postId)],
);

/** Platform OAuth tokens, AES-256-GCM encrypted (adapters/providers/social/token-store.ts); never sent to the console. */
export const oauthTokens = pgTable('oauth_tokens', {
  platform: text('platform').primaryKey(),
  /** iv.tag.ciphertext (base64url) of {accessToken, refreshToken}. */
  secret: text('secret').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }),
  refreshExpiresAt: timestamp('refresh_expires_at', { withTimezone: true }),
  /** The platform's account id (open_id, channel, page or IG user) when known. */
  account: text('account'),
  /** 'ok' | 'revoked' */
  state: text('state').notNull().default('ok'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** An OAuth `state` the server issued: used once, within its lifetime. */
export const oauthStates = pgTable('oauth_states', {
  state: text('state').primaryKey(),
  platform: text('platform').notNull(),
  redirectUri: text('redirect_uri').notNull(),
  codeVerifier: text('code_verifier'),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

// Runs of the n8n AI-News workflow and their stages: a trigger creates the run, the workflow's stage
// events fill in its stages. The per-run token is kept only as its SHA-256.
export const runs = pgTable(
  'runs',
  {
    seq: bigserial('seq', { mode: 'number' }).notNull().unique(),
    id: text('id').primaryKey(),
    workflowId: text('workflow_id').notNull(),
    topic: text('topic').notNull(),
    status: text('status').notNull(),
    executionId: text('execution_id'),
    tokenHash: text('token_hash').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'string' }),
    log: jsonb('log').$type<string[]>().notNull().default([]),
    /** 'desk' (the server's own engine) or 'n8n'. */
    engine: text('engine').notNull().default('n8n'),
    /** The trigger parameters the run was started with (topic, language, voice, platforms, category, action). */
    params: jsonb('params').$type<Record<string, unknown>>().notNull().default({}),
    /** The user who started it (null: the schedule, n8n or a source); the four-eyes rule reads it. */
    startedBy: text('started_by'),
  },
  (t) => [index('runs_workflow_idx').on(t.workflowId), index('runs_status_idx').on(t.status)],
);

export const runStages = pgTable(
  'run_stages',
  {
    runId: text('run_id')
      .notNull()
      .references(() => runs.id, { onDelete: 'cascade' }),
    stage: text('stage').notNull(),
    position: integer('position').notNull(),
    state: text('state').notNull().default('pending'),
    startedAt: text('started_at'),
    finishedAt: text('finished_at'),
    durationMs: integer('duration_ms'),
    error: text('error'),
    reason: text('reason'),
  },
  (t) => [primaryKey({ columns: [t.runId, t.stage] })],
);

// The medium attached to a social post result: a Media Library file (media_id) or only an address
// (media_url on the result); its type says which platform call takes it (photo or video).
export const socialPostMedia = pgTable('social_post_media', {
  resultId: text('result_id')
    .primaryKey()
    .references(() => socialPostResults.id, { onDelete: 'cascade' }),
  mediaId: text('media_id'),
  mediaType: text('media_type').notNull(),
});

// Sources: the feeds the Scraper stage reads. The conditional-GET validators and the back-off live with the feed.
export const sources = pgTable('sources', {
  seq: bigserial('seq', { mode: 'number' }).notNull().unique(),
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  url: text('url').notNull().unique(),
  category: text('category').notNull(),
  language: text('language').notNull(),
  enabled: boolean('enabled').notNull().default(true),
  etag: text('etag'),
  lastModified: text('last_modified'),
  lastFetchAt: timestamp('last_fetch_at', { withTimezone: true, mode: 'string' }),
  lastStatus: integer('last_status'),
  lastNewItems: integer('last_new_items').notNull().default(0),
  lastError: text('last_error'),
  /** Failed fetches in a row: the back-off grows with it. */
  failures: integer('failures').notNull().default(0),
  /** No poll before this (Retry-After or back-off). */
  notBefore: timestamp('not_before', { withTimezone: true, mode: 'string' }),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
});

/** An item stored once: by its canonical address, and near-identical titles across sources are the same item. */
export const sourceItems = pgTable(
  'source_items',
  {
    seq: bigserial('seq', { mode: 'number' }).notNull().unique(),
    id: text('id').primaryKey(),
    url: text('url').notNull().unique(),
    title: text('title').notNull(),
    titleKey: text('title_key').notNull(),
    summary: text('summary').notNull(),
    /** The article's main text (Readability), once a story needed it. */
    body: text('body'),
    author: text('author'),
    publishedAt: timestamp('published_at', { withTimezone: true, mode: 'string' }),
    fetchedAt: timestamp('fetched_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    category: text('category').notNull(),
    language: text('language').notNull(),
  },
  (t) => [index('source_items_title_key_idx').on(t.titleKey), index('source_items_fetched_idx').on(t.fetchedAt)],
);

/** Provenance: which source carried an item, at which address (the source's name is kept if the source goes). */
export const sourceItemOrigins = pgTable(
  'source_item_origins',
  {
    itemId: text('item_id')
      .notNull()
      .references(() => sourceItems.id, { onDelete: 'cascade' }),
    sourceId: text('source_id').notNull(),
    sourceName: text('source_name').notNull(),
    url: text('url').notNull(),
    seenAt: timestamp('seen_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.itemId, t.sourceId] })],
);

/** What a run's stages made, for the next stage and for a retry that starts later in the pipeline. */
export const runArtefacts = pgTable(
  'run_artefacts',
  {
    seq: bigserial('seq', { mode: 'number' }).notNull().unique(),
    runId: text('run_id')
      .notNull()
      .references(() => runs.id, { onDelete: 'cascade' }),
    stage: text('stage').notNull(),
    kind: text('kind').notNull(),
    refId: text('ref_id').notNull(),
    title: text('title').notNull(),
    url: text('url'),
  },
  (t) => [index('run_artefacts_run_idx').on(t.runId)],
);
