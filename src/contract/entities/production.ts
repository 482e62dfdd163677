// The /api entities of production: video, live, OBS, the workflow's pipeline and runs.
import * as z from 'zod/mini';
import { nonBlank } from './common';

export const VIDEO_PROVIDERS = ['tavus', 'vidau', 'modelslab', 'heygen', 'did'] as const;
export const VideoProvider = z.enum(VIDEO_PROVIDERS);
export type VideoProvider = z.infer<typeof VideoProvider>;
/** Video Studio's platforms: the five providers and `local`, the desk's own render without a provider (no avatar). */
export const VIDEO_PLATFORM_IDS = [...VIDEO_PROVIDERS, 'local'] as const;
export const VideoPlatformId = z.enum(VIDEO_PLATFORM_IDS);
export type VideoPlatformId = z.infer<typeof VideoPlatformId>;
/** SPEC §5's quality options; the local platform renders 1280×720, 1920×1080 or 3840×2160. */
export const VideoQuality = z.enum(['720p', '1080p', '4k']);
export type VideoQuality = z.infer<typeof VideoQuality>;
/** Providers with an avatar list call in SPEC §7. */
export const AvatarListProvider = z.enum(['tavus', 'heygen']);
export type AvatarListProvider = z.infer<typeof AvatarListProvider>;

export const VideoPlatform = z.object({ id: VideoPlatformId, name: z.string(), description: z.string() });
export type VideoPlatform = z.infer<typeof VideoPlatform>;
export const Avatar = z.object({
  id: z.string(),
  name: z.string(),
  preview: z.string(),
  voice: z.string(),
  platform: VideoProvider,
});
export type Avatar = z.infer<typeof Avatar>;
export const VideoProjectStatus = z.enum(['completed', 'processing', 'draft', 'failed']);
export type VideoProjectStatus = z.infer<typeof VideoProjectStatus>;
export const VideoProject = z.object({
  id: z.string(),
  title: z.string(),
  status: VideoProjectStatus,
  progress: z.number(),
  avatar: z.string(),
  platform: VideoPlatformId,
  duration: z.string(),
  createdAt: z.string(),
  url: z.nullable(z.string()),
  /** Why a failed project failed (German), when the server knows. */
  error: z.optional(z.string()),
});
export type VideoProject = z.infer<typeof VideoProject>;
/** POST /video/generate from Video Studio (SPEC §7): {platform, avatar, script, background, voice}; `local` adds quality. */
export const VideoGenerateBody = z.looseObject({
  platform: z.optional(VideoPlatformId),
  avatar: z.optional(z.string()),
  script: z.optional(z.string()),
  background: z.optional(z.string()),
  voice: z.optional(z.string()),
  title: z.optional(z.string()),
  quality: z.optional(VideoQuality),
});
export type VideoGenerateBody = z.infer<typeof VideoGenerateBody>;
/**
 * A provider's own create route (POST /video/{tavus|heygen|did|vidau}/create, /video/modelslab/generate): SPEC's free-form
 * body, or `project`: the id of a failed project of that provider to create again at it (My Projects' Retry).
 */
export const VideoCreateBody = z.extend(VideoGenerateBody, { project: z.optional(z.string()) });
export type VideoCreateBody = z.infer<typeof VideoCreateBody>;
export const VideoStatus = z.object({
  id: z.string(),
  status: VideoProjectStatus,
  progress: z.number(),
  url: z.optional(z.string()),
});
export type VideoStatus = z.infer<typeof VideoStatus>;

export const LiveScene = z.object({ id: z.string(), name: z.string(), description: z.string() });
export type LiveScene = z.infer<typeof LiveScene>;
export const ScheduledBroadcast = z.object({
  id: z.string(),
  title: z.string(),
  time: z.string(),
  date: z.string(),
  platform: z.string(),
});
export type ScheduledBroadcast = z.infer<typeof ScheduledBroadcast>;
export const ObsStatus = z.object({
  connected: z.boolean(),
  streaming: z.boolean(),
  scene: z.string(),
  // OBS through the server: which instance, its connection state and German reason, stream phase and health.
  instance: z.optional(z.string()),
  state: z.optional(z.enum(['connecting', 'connected', 'reconnecting', 'auth-failed', 'refused', 'stopped'])),
  code: z.optional(z.number()),
  message: z.optional(z.string()),
  reconnect: z.optional(z.object({ attempt: z.number(), delayMs: z.number() })),
  streamPhase: z.optional(z.enum(['stopped', 'starting', 'started', 'stopping', 'reconnecting'])),
  obsVersion: z.optional(z.string()),
  obsWebSocketVersion: z.optional(z.string()),
  health: z.optional(
    z.nullable(
      z.object({
        durationMs: z.number(),
        bytes: z.number(),
        droppedFrames: z.number(),
        totalFrames: z.number(),
        skippedFrames: z.number(),
        congestion: z.number(),
        cpuUsage: z.number(),
        fps: z.number(),
        reconnecting: z.boolean(),
      }),
    ),
  ),
});
export type ObsStatus = z.infer<typeof ObsStatus>;
/** POST /obs/control {action, plus extra fields} (SPEC §7). */
export const ObsControlBody = z.looseObject({ action: nonBlank() });
export type ObsControlBody = z.infer<typeof ObsControlBody>;
export const ObsResult = z.looseObject({ success: z.boolean(), error: z.optional(z.string()) });
export type ObsResult = z.infer<typeof ObsResult>;
// OBS through the server: the state of the server's connection to one OBS.
export const ObsConnectionState = z.enum([
  'connecting',
  'connected',
  'reconnecting',
  'auth-failed',
  'refused',
  'stopped',
]);
export type ObsConnectionState = z.infer<typeof ObsConnectionState>;
// OBS through the server: the configured instances, by name and connection state (never the password).
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
/** POST /live/on-air: a published story on air — its headline in the text source, its public video in the media source. */
export const OnAirResult = z.object({
  success: z.boolean(),
  /** The text source that now shows the headline. */
  sourceName: z.string(),
  headline: z.string(),
  /** The media source (ffmpeg_source) that now plays the video; null when none is named or the story has no video. */
  mediaSource: z.nullable(z.string()),
  videoUrl: z.nullable(z.string()),
});
export type OnAirResult = z.infer<typeof OnAirResult>;

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
  status: z.enum(['success', 'failed', 'rejected']),
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
// Runs and stage events: the five stages the shipped workflow reports to the server.
export const RUN_STAGES = ['Scraper', 'AI Analyse', 'TTS', 'Video Gen', 'Social Post'] as const;
export const RunStageName = z.enum(RUN_STAGES);
export type RunStageName = z.infer<typeof RunStageName>;
/** POST /runs/{runId}/events: one stage's start, end or failure, as the workflow reports it. */
export const RunStageEvent = z.object({
  stage: RunStageName,
  state: z.enum(['started', 'finished', 'failed', 'skipped']),
  at: z.optional(z.iso.datetime({ offset: true })),
  durationMs: z.optional(z.number().check(z.int(), z.minimum(0))),
  error: z.optional(z.string().check(z.maxLength(2000))),
  /** Why a stage was skipped (German, shown in Monitoring). */
  reason: z.optional(z.string().check(z.maxLength(500))),
});
export type RunStageEvent = z.infer<typeof RunStageEvent>;
export const RunStage = z.object({
  stage: RunStageName,
  state: z.enum(['pending', 'started', 'finished', 'failed', 'skipped']),
  startedAt: z.optional(z.string()),
  finishedAt: z.optional(z.string()),
  durationMs: z.optional(z.number()),
  error: z.optional(z.string()),
  reason: z.optional(z.string()),
});
export type RunStage = z.infer<typeof RunStage>;
export const RunArtefact = z.object({
  kind: z.enum(['item', 'story', 'audio', 'video', 'post']),
  id: z.string(),
  title: z.string(),
  url: z.optional(z.string()),
  /** The source names of an item (one item may be carried by several sources). */
  sources: z.optional(z.array(z.string())),
  stage: RunStageName,
});
export type RunArtefact = z.infer<typeof RunArtefact>;

/** A run of the AI-News workflow with its five stages in order and its log lines. */
export const Run = z.object({
  id: z.string(),
  workflowId: z.string(),
  topic: z.string(),
  status: z.enum(['running', 'waiting', 'success', 'failed', 'rejected']),
  executionId: z.optional(z.string()),
  /** Who orchestrates the run: the desk's own engine or the operator's n8n. */
  engine: z.optional(z.enum(['desk', 'n8n'])),
  startedAt: z.string(),
  finishedAt: z.optional(z.string()),
  stages: z.array(RunStage),
  log: z.array(z.string()),
  /** What the run's stages made or used: the source items, the story, media, posts. */
  artefacts: z.optional(z.array(RunArtefact)),
});
export type Run = z.infer<typeof Run>;

// Sources: the feeds the Scraper stage reads (RSS 2.0, RSS 1.0/RDF, Atom, JSON Feed).
export const SOURCE_LANGUAGES = ['de', 'en', 'es', 'fr'] as const;
export const SourceFetch = z.object({
  at: z.string(),
  /** The HTTP status of the last answer (absent when no answer came). */
  status: z.optional(z.number()),
  newItems: z.number(),
  error: z.optional(z.string()),
});
export type SourceFetch = z.infer<typeof SourceFetch>;
export const FeedSource = z.object({
  id: z.string(),
  name: z.string(),
  url: z.string(),
  category: z.string(),
  language: z.enum(SOURCE_LANGUAGES),
  enabled: z.boolean(),
  lastFetch: z.nullable(SourceFetch),
  itemCount: z.number(),
});
export type FeedSource = z.infer<typeof FeedSource>;
// The fields an operator sets; a new source is enabled unless it says otherwise, a patch names only what changes.
const sourceFields = {
  name: z.string().check(z.trim(), z.minLength(1, 'Bitte einen Namen eingeben.'), z.maxLength(120)),
  url: z.url({ protocol: /^https?$/, error: 'Bitte eine gültige http- oder https-Adresse eingeben.' }),
  category: z.string().check(z.trim(), z.minLength(1, 'Bitte eine Kategorie eingeben.'), z.maxLength(60)),
  language: z.enum(SOURCE_LANGUAGES),
};
export const NewFeedSource = z.object({ ...sourceFields, enabled: z._default(z.boolean(), true) });
export type NewFeedSource = z.input<typeof NewFeedSource>;
export const FeedSourcePatch = z.partial(z.object({ ...sourceFields, enabled: z.boolean() }));
export type FeedSourcePatch = z.infer<typeof FeedSourcePatch>;
/** One stored item with its provenance: every source that carried it. */
export const SourceItem = z.object({
  id: z.string(),
  title: z.string(),
  url: z.string(),
  summary: z.string(),
  author: z.nullable(z.string()),
  publishedAt: z.nullable(z.string()),
  fetchedAt: z.string(),
  category: z.string(),
  language: z.string(),
  sources: z.array(z.string()),
});
export type SourceItem = z.infer<typeof SourceItem>;

/** The speech engines of POST /tts/generate: the two providers with a key, and eSpeak-NG embedded in the server. */
export const TTS_PROVIDERS = ['elevenlabs', 'azure', 'espeak'] as const;
export const TtsProvider = z.enum(TTS_PROVIDERS);
export type TtsProvider = z.infer<typeof TtsProvider>;
/** The providers Admin's Switch orders (SPEC §4); the embedded engine speaks when neither has a key. */
export const TtsRoleProvider = z.enum(['elevenlabs', 'azure']);
export type TtsRoleProvider = z.infer<typeof TtsRoleProvider>;
/** SPEC §4 "TTS provider roles": primary elevenlabs, backup azure by default; never the same provider twice. */
export const TtsRoles = z.object({ primary: TtsRoleProvider, backup: TtsRoleProvider }).check(
  z.refine((roles) => roles.primary !== roles.backup, {
    message: 'Primär- und Backup-Dienst müssen verschieden sein.',
    path: ['backup'],
  }),
);
export type TtsRoles = z.infer<typeof TtsRoles>;

/** Desk-wide settings the server acts on (the console reads and writes them on a live desk). */
export const DeskSettings = z.object({
  schedule: z.object({
    enabled: z.boolean(),
    everyMinutes: z.number().check(z.int(), z.minimum(5), z.maximum(1440)),
  }),
  /** „Freigabe vor Veröffentlichung“: a run waits with its story in review before Social Post. */
  review: z.boolean(),
  /** The AI disclosure line of a published story: reviewed by the desk, or gone out automatically. */
  disclosure: z.object({ reviewed: z.string(), automatic: z.string() }),
  /** Which TTS provider the pipeline, POST /tts/generate without a provider and the console try first. */
  ttsRoles: TtsRoles,
  /**
   * „Schlagzeile auf Sendung“: when a story is published, the server's OBS shows its headline in the quick-text source
   * and plays its public video in `mediaSource` (an ffmpeg_source; empty: no video). Off when a desk names none.
   */
  onAir: z._default(z.object({ enabled: z.boolean(), mediaSource: z.string() }), { enabled: false, mediaSource: '' }),
  /** „Vier-Augen-Prinzip“: a story is approved by someone other than the person who started its run. */
  fourEyes: z._default(z.boolean(), false),
});
export type DeskSettings = z.infer<typeof DeskSettings>;
const disclosureLine = z
  .string()
  .check(z.trim(), z.minLength(1, 'Bitte einen Hinweistext eingeben.'), z.maxLength(300, 'Höchstens 300 Zeichen.'));
export const DeskSettingsPatch = z.object({
  schedule: z.optional(
    z.partial(
      z.object({
        enabled: z.boolean(),
        everyMinutes: z
          .number()
          .check(z.int(), z.minimum(5, 'Mindestens alle 5 Minuten.'), z.maximum(1440, 'Höchstens alle 1440 Minuten.')),
      }),
    ),
  ),
  review: z.optional(z.boolean()),
  fourEyes: z.optional(z.boolean()),
  disclosure: z.optional(z.partial(z.object({ reviewed: disclosureLine, automatic: disclosureLine }))),
  ttsRoles: z.optional(TtsRoles),
  onAir: z.optional(
    z.partial(
      z.object({
        enabled: z.boolean(),
        mediaSource: z.string().check(z.trim(), z.maxLength(256, 'Höchstens 256 Zeichen.')),
      }),
    ),
  ),
});
export type DeskSettingsPatch = z.infer<typeof DeskSettingsPatch>;
