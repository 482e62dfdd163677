import type { Platform } from '@/contract';
import { registerSecret } from '@/lib/security/redact';
import type { NewsdeskDb } from './db';
import { withDatabase } from './lazy';

/** Workflow config (SPEC §3). */
export interface WorkflowConfig {
  webhookUrl: string;
  workflowId: string;
  baseUrl: string;
  gatewayUrl: string;
  statusUrl: string;
  mediaUrl: string;
  apiKey?: string;
}

export type { Platform };
export type Language = 'de' | 'en' | 'es' | 'fr';
export type Urgency = 'low' | 'normal' | 'high' | 'urgent';

/** Workflow trigger parameters (SPEC §3). */
export interface TriggerParameters {
  topic: string;
  language: Language;
  voice: string;
  platforms: Platform[];
  urgency: Urgency;
  category: string;
}

/** Broadcast-software settings (SPEC §3). */
export interface ObsSettings {
  host: string;
  port: number;
  password: string;
  sceneName: string;
  sourceName: string;
  /** OBS through the server: the operator's choice of connection mode (unset: config.json's obsMode, else direct). */
  mode?: 'direct' | 'server';
  /** The OBS instance picked in server mode (unset: the server's first). */
  instance?: string;
  /** Server mode, per instance: the scene and quick-text source picked from the server's lists (unset: the server's own). */
  serverChoices?: Record<string, ObsServerChoice>;
}

/** The scene and quick-text source of one server-side OBS instance, as the operator picked them in Admin. */
export interface ObsServerChoice {
  sceneName?: string;
  sourceName?: string;
}

/** Retry settings (SPEC §3, ranges in §5). */
export interface RetrySettings {
  maxRetries: number;
  retryDelay: number;
  backoffMultiplier: number;
  retryCondition: 'default' | 'network-only' | 'server-only';
}

export type TtsProvider = 'elevenlabs' | 'azure';
export interface TtsRoles {
  primary: TtsProvider;
  backup: TtsProvider;
}

export interface SystemToggles {
  autoUpdates: boolean;
  debugMode: boolean;
  workflowWebhookUrl: string;
}

/** Provider API keys by service id (openai, elevenlabs, azure, tavus, …). */
export type ApiKeys = Record<string, string>;

/** Video Studio → Settings: the New Video defaults (SPEC §5 quality and voice options). */
export interface VideoDefaults {
  quality: '720p' | '1080p' | '4k';
  voice: 'german-female-1' | 'german-male-1' | 'english-female-1' | 'english-male-1';
}

export interface SettingsMap {
  workflowConfig: WorkflowConfig;
  triggerParameters: TriggerParameters;
  obs: ObsSettings;
  retry: RetrySettings;
  ttsRoles: TtsRoles;
  system: SystemToggles;
  apiKeys: ApiKeys;
  videoDefaults: VideoDefaults;
}
export type SettingKey = keyof SettingsMap;

export const DEFAULT_WORKFLOW_ID = 'ai-news-workflow';

/** Defaults of SPEC §9 (and the mock demo addresses for the workflow screen). */
export const DEFAULT_SETTINGS: SettingsMap = {
  workflowConfig: {
    webhookUrl: 'https://n8n.newsdesk.demo/webhook/ai-news',
    workflowId: DEFAULT_WORKFLOW_ID,
    baseUrl: 'https://n8n.newsdesk.demo',
    gatewayUrl: 'https://n8n.newsdesk.demo/webhook/ai-news/gateway',
    statusUrl: 'https://n8n.newsdesk.demo/webhook/ai-news/status',
    mediaUrl: 'https://n8n.newsdesk.demo/webhook/ai-news/media',
  },
  triggerParameters: {
    topic: 'Breaking News',
    language: 'de',
    voice: 'Anna',
    platforms: ['youtube', 'facebook', 'telegram'],
    urgency: 'normal',
    category: 'general',
  },
  obs: { host: 'localhost', port: 4455, password: '', sceneName: 'AI News', sourceName: 'AI News Content' },
  retry: { maxRetries: 3, retryDelay: 2000, backoffMultiplier: 2, retryCondition: 'default' },
  ttsRoles: { primary: 'elevenlabs', backup: 'azure' },
  system: { autoUpdates: true, debugMode: false, workflowWebhookUrl: '' },
  apiKeys: {},
  videoDefaults: { quality: '1080p', voice: 'german-female-1' },
};

function registerSecretsOf<K extends SettingKey>(key: K, value: SettingsMap[K]): void {
  if (key === 'apiKeys') for (const v of Object.values(value as ApiKeys)) registerSecret(v);
  if (key === 'obs') registerSecret((value as ObsSettings).password);
  if (key === 'workflowConfig') registerSecret((value as WorkflowConfig).apiKey);
}

async function readSetting<K extends SettingKey>(db: NewsdeskDb, key: K): Promise<SettingsMap[K]> {
  const row = await db.settings.get(key);
  const value = row
    ? ({ ...(DEFAULT_SETTINGS[key] as object), ...(row.value as object) } as SettingsMap[K])
    : DEFAULT_SETTINGS[key];
  registerSecretsOf(key, value);
  return value;
}

/** Reads a setting, falling back to its default; known secrets are registered for redaction. */
export function getSetting<K extends SettingKey>(key: K): Promise<SettingsMap[K]> {
  return withDatabase((db) => readSetting(db, key));
}

/** Stores a setting (whole value). */
export async function putSetting<K extends SettingKey>(key: K, value: SettingsMap[K]): Promise<void> {
  registerSecretsOf(key, value);
  await withDatabase((db) => db.settings.put({ key, value }));
}

/** Merges a partial change into a setting. */
export async function patchSetting<K extends SettingKey>(
  key: K,
  patch: Partial<SettingsMap[K]>,
): Promise<SettingsMap[K]> {
  const next = { ...(await getSetting(key)), ...patch } as SettingsMap[K];
  await putSetting(key, next);
  return next;
}
