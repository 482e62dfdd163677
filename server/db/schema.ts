// The one Drizzle schema of the server; `npx drizzle-kit generate --config server/drizzle.config.ts` turns a change into a new SQL migration.
import { bigserial, boolean, doublePrecision, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

// `seq` orders lists newest first (the mock store's order: the newest insert on top).
export const posts = pgTable('posts', {
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
}, (t) => [index('posts_status_idx').on(t.status)]);

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
});

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

/**
 * The first answer to each Idempotency-Key: the primary key makes a repeat (on any instance) find it instead of acting again.
 * `status` is null while the first request is still being handled.
 */
export const idempotencyKeys = pgTable('idempotency_keys', {
  key: text('key').primaryKey(),
  fingerprint: text('fingerprint').notNull(),
  status: integer('status'),
  contentType: text('content_type'),
  body: text('body'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

// Runs of the n8n AI-News workflow and their stages (issue 14, n8n): a trigger creates the run, the workflow's stage
// events fill in its stages. The per-run token is kept only as its SHA-256.
export const runs = pgTable('runs', {
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
}, (t) => [index('runs_workflow_idx').on(t.workflowId), index('runs_status_idx').on(t.status)]);

export const runStages = pgTable('run_stages', {
  runId: text('run_id').notNull().references(() => runs.id, { onDelete: 'cascade' }),
  stage: text('stage').notNull(),
  position: integer('position').notNull(),
  state: text('state').notNull().default('pending'),
  startedAt: text('started_at'),
  finishedAt: text('finished_at'),
  durationMs: integer('duration_ms'),
  error: text('error'),
}, (t) => [primaryKey({ columns: [t.runId, t.stage] })]);
