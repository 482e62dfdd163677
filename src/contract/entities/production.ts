// The /api entities of production: video, live, OBS, the workflow's pipeline and runs.
import * as z from 'zod/mini';
import { nonBlank } from './common';

export const VIDEO_PROVIDERS = ['tavus', 'vidau', 'modelslab', 'heygen', 'did'] as const;
export const VideoProvider = z.enum(VIDEO_PROVIDERS);
export type VideoProvider = z.infer<typeof VideoProvider>;
/** Providers with an avatar list call in SPEC §7. */
export const AvatarListProvider = z.enum(['tavus', 'heygen']);
export type AvatarListProvider = z.infer<typeof AvatarListProvider>;

export const VideoPlatform = z.object({ id: VideoProvider, name: z.string(), description: z.string() });
export type VideoPlatform = z.infer<typeof VideoPlatform>;
export const Avatar = z.object({ id: z.string(), name: z.string(), preview: z.string(), voice: z.string(), platform: VideoProvider });
export type Avatar = z.infer<typeof Avatar>;
export const VideoProjectStatus = z.enum(['completed', 'processing', 'draft', 'failed']);
export type VideoProjectStatus = z.infer<typeof VideoProjectStatus>;
export const VideoProject = z.object({
  id: z.string(),
  title: z.string(),
  status: VideoProjectStatus,
  progress: z.number(),
  avatar: z.string(),
  platform: VideoProvider,
  duration: z.string(),
  createdAt: z.string(),
  url: z.nullable(z.string()),
});
export type VideoProject = z.infer<typeof VideoProject>;
/** POST /video/generate from Video Studio (SPEC §7): {platform, avatar, script, background, voice}. */
export const VideoGenerateBody = z.looseObject({
  platform: z.optional(VideoProvider),
  avatar: z.optional(z.string()),
  script: z.optional(z.string()),
  background: z.optional(z.string()),
  voice: z.optional(z.string()),
  title: z.optional(z.string()),
});
export type VideoGenerateBody = z.infer<typeof VideoGenerateBody>;
export const VideoStatus = z.object({ id: z.string(), status: VideoProjectStatus, progress: z.number(), url: z.optional(z.string()) });
export type VideoStatus = z.infer<typeof VideoStatus>;

export const LiveScene = z.object({ id: z.string(), name: z.string(), description: z.string() });
export type LiveScene = z.infer<typeof LiveScene>;
export const ScheduledBroadcast = z.object({ id: z.string(), title: z.string(), time: z.string(), date: z.string(), platform: z.string() });
export type ScheduledBroadcast = z.infer<typeof ScheduledBroadcast>;
export const ObsStatus = z.object({
  connected: z.boolean(), streaming: z.boolean(), scene: z.string(),
  // OBS through the server (issue 14): which instance, its connection state and German reason, stream phase and health.
  instance: z.optional(z.string()),
  state: z.optional(z.enum(['connecting', 'connected', 'reconnecting', 'auth-failed', 'refused', 'stopped'])),
  code: z.optional(z.number()),
  message: z.optional(z.string()),
  reconnect: z.optional(z.object({ attempt: z.number(), delayMs: z.number() })),
  streamPhase: z.optional(z.enum(['stopped', 'starting', 'started', 'stopping', 'reconnecting'])),
  obsVersion: z.optional(z.string()),
  obsWebSocketVersion: z.optional(z.string()),
  health: z.optional(z.nullable(z.object({
    durationMs: z.number(), bytes: z.number(), droppedFrames: z.number(), totalFrames: z.number(), skippedFrames: z.number(),
    congestion: z.number(), cpuUsage: z.number(), fps: z.number(), reconnecting: z.boolean(),
  }))),
});
export type ObsStatus = z.infer<typeof ObsStatus>;
/** POST /obs/control {action, plus extra fields} (SPEC §7). */
export const ObsControlBody = z.looseObject({ action: nonBlank() });
export type ObsControlBody = z.infer<typeof ObsControlBody>;
export const ObsResult = z.looseObject({ success: z.boolean(), error: z.optional(z.string()) });
export type ObsResult = z.infer<typeof ObsResult>;
// OBS through the server (issue 14): the state of the server's connection to one OBS.
export const ObsConnectionState = z.enum(['connecting', 'connected', 'reconnecting', 'auth-failed', 'refused', 'stopped']);
export type ObsConnectionState = z.infer<typeof ObsConnectionState>;
// OBS through the server (issue 14): the configured instances, by name and connection state (never the password).
export const ObsInstanceInfo = z.object({
  name: z.string(),
  url: z.string(),
  state: ObsConnectionState,
  message: z.optional(z.string()),
  // live14: what the server uses for quick text (OBS_TEXT_SOURCE) and OBS's lists to choose from in Admin (while connected).
  textSource: z.optional(z.string()),
  scenes: z.optional(z.array(z.string())),
  currentScene: z.optional(z.string()),
  textSources: z.optional(z.array(z.string())),
});
export type ObsInstanceInfo = z.infer<typeof ObsInstanceInfo>;

export const PipelineStep = z.object({
  id: z.string(),
  name: z.string(),
  status: z.enum(['completed', 'running', 'pending']),
  progress: z.number(),
});
export type PipelineStep = z.infer<typeof PipelineStep>;
export const RunHistoryItem = z.object({
  id: z.string(),
  timestamp: z.string(),
  status: z.enum(['success', 'failed']),
  duration: z.string(),
  topic: z.string(),
  log: z.optional(z.array(z.string())),
});
export type RunHistoryItem = z.infer<typeof RunHistoryItem>;
export const Pipeline = z.object({
  steps: z.array(PipelineStep),
  variables: z.record(z.string(), z.string()),
  successRates: z.optional(z.array(z.object({ name: z.string(), rate: z.number() }))),
});
export type Pipeline = z.infer<typeof Pipeline>;
// Runs and stage events (issue 14, n8n): the five stages the shipped workflow reports to the server.
export const RUN_STAGES = ['Scraper', 'AI Analyse', 'TTS', 'Video Gen', 'Social Post'] as const;
export const RunStageName = z.enum(RUN_STAGES);
export type RunStageName = z.infer<typeof RunStageName>;
/** POST /runs/{runId}/events: one stage's start, end or failure, as the workflow reports it. */
export const RunStageEvent = z.object({
  stage: RunStageName,
  state: z.enum(['started', 'finished', 'failed']),
  at: z.optional(z.iso.datetime({ offset: true })),
  durationMs: z.optional(z.number().check(z.int(), z.minimum(0))),
  error: z.optional(z.string().check(z.maxLength(2000))),
});
export type RunStageEvent = z.infer<typeof RunStageEvent>;
export const RunStage = z.object({
  stage: RunStageName,
  state: z.enum(['pending', 'started', 'finished', 'failed']),
  startedAt: z.optional(z.string()),
  finishedAt: z.optional(z.string()),
  durationMs: z.optional(z.number()),
  error: z.optional(z.string()),
});
export type RunStage = z.infer<typeof RunStage>;
/** A run of the AI-News workflow with its five stages in order and its log lines. */
export const Run = z.object({
  id: z.string(),
  workflowId: z.string(),
  topic: z.string(),
  status: z.enum(['running', 'success', 'failed']),
  executionId: z.optional(z.string()),
  startedAt: z.string(),
  finishedAt: z.optional(z.string()),
  stages: z.array(RunStage),
  log: z.array(z.string()),
});
export type Run = z.infer<typeof Run>;
