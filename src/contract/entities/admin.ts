// The /api entities of administration: checks, users, keys, error bodies and the event stream.
import * as z from 'zod/mini';
import { nonBlank } from './common';
import { ObsConnectionState } from './production';

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
export const User = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: UserRole,
  access: z.string(),
});
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

// provider keys saved on the server; the console only ever sees the masked form and the last test.
export const KeyService = z.enum([
  'openai',
  'elevenlabs',
  'azure',
  'tavus',
  'vidau',
  'modelslab',
  'heygen',
  'did',
  'pexels',
  'unsplash',
]);
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
  topic: z.enum(['posts', 'media', 'news', 'video', 'users', 'social', 'live', 'workflow', 'sources']),
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
    type: z.literal('connection'),
    instance: z.string(),
    state: ObsConnectionState,
    code: z.optional(z.number()),
    message: z.optional(z.string()),
    attempt: z.optional(z.number()),
    delayMs: z.optional(z.number()),
  }),
]);
export type ObsServerEvent = z.infer<typeof ObsServerEvent>;
