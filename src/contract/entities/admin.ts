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
export type UserRole = z.infer<typeof UserRole>;
export const User = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: UserRole,
  access: z.string(),
  /** 'invited': no password set yet (a one-time link waits); 'disabled': can no longer sign in. */
  status: z.optional(z.enum(['active', 'invited', 'disabled'])),
  lastSignInAt: z.optional(z.nullable(z.string())),
});
export type User = z.infer<typeof User>;
export const NewUser = z.object({
  name: nonBlank(),
  email: z.string().check(z.trim(), z.regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/)),
  role: UserRole,
});
export type NewUser = z.infer<typeof NewUser>;
export const UserPatch = z.object({
  role: z.optional(UserRole),
  disabled: z.optional(z.boolean()),
});
export type UserPatch = z.infer<typeof UserPatch>;
/** A one-time link to set a password (an invitation or a reset), shown once to the administrator to pass on. */
export const PasswordLink = z.object({ url: z.string(), expiresAt: z.string() });
export type PasswordLink = z.infer<typeof PasswordLink>;
/** A new user with the invitation link to pass on. */
export const InvitedUser = z.object({ user: User, link: PasswordLink });
export type InvitedUser = z.infer<typeof InvitedUser>;

/** Who is signed in on this console, and how: a session (cookie or bearer) or an API token. */
export const Session = z.object({
  user: User,
  via: z.enum(['session', 'token']),
  /** The API token's name when `via` is 'token'. */
  tokenName: z.optional(z.string()),
  /** Sent back as X-Newsdesk-Csrf with every state-changing call of a cookie session. */
  csrf: z.optional(z.string()),
  /** A bearer session's token (a console on another origin, which cannot use the cookie). */
  token: z.optional(z.string()),
  expiresAt: z.optional(z.string()),
});
export type Session = z.infer<typeof Session>;
export const SignIn = z.object({
  email: z.string().check(z.trim(), z.minLength(1, 'Bitte die E-Mail-Adresse eingeben.'), z.maxLength(320)),
  password: z.string().check(z.minLength(1, 'Bitte das Passwort eingeben.'), z.maxLength(1024)),
  /** A console on another origin asks for a bearer session token instead of the cookie. */
  bearer: z.optional(z.boolean()),
});
export const NewPassword = z.object({
  /** The one-time link's token. */
  token: z.string().check(z.minLength(1), z.maxLength(200)),
  password: z
    .string()
    .check(
      z.minLength(12, 'Das Passwort braucht mindestens 12 Zeichen.'),
      z.maxLength(1024, 'Höchstens 1024 Zeichen.'),
    ),
});

/** A personal API token (for n8n, scripts): never its secret, which is shown once when it is made. */
export const ApiToken = z.object({
  id: z.string(),
  name: z.string(),
  /** The first characters, to tell tokens apart. */
  prefix: z.string(),
  userId: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.nullable(z.string()),
});
export type ApiToken = z.infer<typeof ApiToken>;
export const NewApiToken = z.object({
  name: z
    .string()
    .check(z.trim(), z.minLength(1, 'Bitte einen Namen eingeben.'), z.maxLength(80, 'Höchstens 80 Zeichen.')),
});
export const CreatedApiToken = z.object({ token: ApiToken, secret: z.string() });
export type CreatedApiToken = z.infer<typeof CreatedApiToken>;

/** One entry of the audit trail „Protokoll“: who did what, when, from where, with which outcome. */
export const AuditEntry = z.object({
  id: z.string(),
  at: z.string(),
  /** 'user' (signed in), 'token' (a personal API token), 'system' (the engine, the schedule, n8n by its run token). */
  actorKind: z.enum(['user', 'token', 'system']),
  actorId: z.nullable(z.string()),
  /** The user's name, the token's „user · token“, or the system's part („Pipeline“, „Zeitplan“, „n8n“). */
  actor: z.string(),
  /** The operation id (posts.create) or the sign-in's kind (auth.signIn). */
  action: z.string(),
  targetId: z.nullable(z.string()),
  summary: z.string(),
  address: z.nullable(z.string()),
  outcome: z.enum(['ok', 'failed', 'refused']),
  status: z.number(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

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
