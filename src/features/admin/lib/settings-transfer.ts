import * as z from 'zod/mini';
import { DEFAULT_SETTINGS, getSetting, putSetting, type SettingKey, type SettingsMap } from '@/db/settings';
import { setDebugLogging } from '@/lib/http/debug';
import { setTtsRoles } from '@/lib/api/tts';
import { setRetrySettings } from '@/lib/resilience/retry';
import { redactValue, REDACTED } from '@/lib/security/redact';
import { obsHostChange, workflowHostChanges, type HostChange } from '@/lib/webhooks/credential-hosts';
import { validateRetrySettings } from './retry-validation';

const KEYS: SettingKey[] = ['workflowConfig', 'triggerParameters', 'obs', 'retry', 'ttsRoles', 'system', 'apiKeys'];

export interface SettingsFile {
  app: 'newsdesk';
  version: 1;
  exportedAt: string;
  includesSecrets: boolean;
  settings: Partial<SettingsMap>;
}

/**
 * Every setting as one file. Without `includeSecrets` the API keys, the OBS password and the workflow
 * key are left out, and anything else that holds a known secret is redacted.
 */
export async function buildSettingsExport(includeSecrets: boolean, now = new Date()): Promise<string> {
  const values = await Promise.all(KEYS.map((k) => getSetting(k)));
  const settings = Object.fromEntries(KEYS.map((k, i) => [k, values[i]])) as unknown as SettingsMap;
  let out: Partial<SettingsMap> = settings;
  if (!includeSecrets) {
    const { apiKeys: _omitted, ...rest } = settings;
    const { password: _password, ...obs } = rest.obs;
    const { apiKey: _apiKey, ...workflowConfig } = rest.workflowConfig;
    out = redactValue({ ...rest, obs: obs as SettingsMap['obs'], workflowConfig });
  }
  const file: SettingsFile = {
    app: 'newsdesk',
    version: 1,
    exportedAt: now.toISOString(),
    includesSecrets: includeSecrets,
    settings: out,
  };
  return JSON.stringify(file, null, 2);
}

const str = z.string();
const fileSchema = z.object({
  app: z.literal('newsdesk'),
  version: z.literal(1),
  settings: z.object({
    workflowConfig: z.optional(
      z.object({
        webhookUrl: str,
        workflowId: str,
        baseUrl: str,
        gatewayUrl: str,
        statusUrl: str,
        mediaUrl: str,
        apiKey: z.optional(str),
      }),
    ),
    triggerParameters: z.optional(
      z.object({
        topic: str,
        language: z.enum(['de', 'en', 'es', 'fr']),
        voice: str,
        platforms: z.array(z.enum(['youtube', 'facebook', 'telegram', 'instagram', 'tiktok'])),
        urgency: z.enum(['low', 'normal', 'high', 'urgent']),
        category: str,
      }),
    ),
    obs: z.optional(
      z.object({
        host: str,
        port: z.number(),
        password: z.optional(str),
        sceneName: str,
        sourceName: str,
        mode: z.optional(z.enum(['direct', 'server'])),
        instance: z.optional(str),
        serverChoices: z.optional(z.record(str, z.object({ sceneName: z.optional(str), sourceName: z.optional(str) }))),
      }),
    ),
    retry: z.optional(
      z.object({ maxRetries: z.number(), retryDelay: z.number(), backoffMultiplier: z.number(), retryCondition: str }),
    ),
    ttsRoles: z.optional(
      z.object({ primary: z.enum(['elevenlabs', 'azure']), backup: z.enum(['elevenlabs', 'azure']) }),
    ),
    system: z.optional(z.object({ autoUpdates: z.boolean(), debugMode: z.boolean(), workflowWebhookUrl: str })),
    apiKeys: z.optional(z.record(str, str)),
  }),
});

export class SettingsImportError extends Error {}

function isRealSecret(v: string | undefined): v is string {
  return typeof v === 'string' && v !== '' && v !== REDACTED;
}

/** A settings file that passed every check, ready to be stored. */
export interface CheckedSettings {
  settings: z.infer<typeof fileSchema>['settings'];
  retry?: SettingsMap['retry'];
}

/** Reads and checks a settings file without storing anything; throws SettingsImportError. */
export function readSettingsFile(text: string): CheckedSettings {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new SettingsImportError('parse');
  }
  const parsed = fileSchema.safeParse(json);
  if (!parsed.success) throw new SettingsImportError('schema');
  const s = parsed.data.settings;
  if (s.ttsRoles && s.ttsRoles.primary === s.ttsRoles.backup) throw new SettingsImportError('tts');
  let retry: SettingsMap['retry'] | undefined;
  if (s.retry) {
    const checked = validateRetrySettings({
      maxRetries: String(s.retry.maxRetries),
      retryDelay: String(s.retry.retryDelay),
      backoffMultiplier: String(s.retry.backoffMultiplier),
      retryCondition: s.retry.retryCondition,
    });
    if (!checked.ok) throw new SettingsImportError('retry');
    retry = checked.value;
  }
  return { settings: s, retry };
}

/**
 * The hosts a checked file would send stored credentials to for the first time: its workflow addresses when the
 * stored bearer key would stay (the file brings none), its OBS host when the stored password would stay.
 */
export async function settingsHostChanges({ settings: s }: CheckedSettings): Promise<HostChange[]> {
  const changes: HostChange[] = [];
  if (s.workflowConfig) {
    const current = await getSetting('workflowConfig');
    changes.push(
      ...workflowHostChanges(
        current,
        s.workflowConfig,
        Boolean(current.apiKey?.trim()) && !isRealSecret(s.workflowConfig.apiKey),
      ),
    );
  }
  if (s.obs) {
    const current = await getSetting('obs');
    const change = obsHostChange(current, s.obs.host, current.password !== '' && !isRealSecret(s.obs.password));
    if (change) changes.push(change);
  }
  return changes;
}

/**
 * Stores a checked settings file (see readSettingsFile): nothing is stored unless the whole file is valid, and
 * redacted or missing secrets keep the stored ones. Returns the keys that were imported.
 */
export async function storeSettings({ settings: s, retry }: CheckedSettings): Promise<SettingKey[]> {
  const done: SettingKey[] = [];
  if (s.workflowConfig) {
    const current = await getSetting('workflowConfig');
    const { apiKey, ...rest } = s.workflowConfig;
    const next: SettingsMap['workflowConfig'] = { ...current, ...rest };
    if (isRealSecret(apiKey)) next.apiKey = apiKey;
    await putSetting('workflowConfig', next);
    done.push('workflowConfig');
  }
  if (s.triggerParameters) {
    await putSetting('triggerParameters', s.triggerParameters);
    done.push('triggerParameters');
  }
  if (s.obs) {
    const current = await getSetting('obs');
    const { password, ...rest } = s.obs;
    await putSetting('obs', { ...current, ...rest, password: isRealSecret(password) ? password : current.password });
    done.push('obs');
  }
  if (retry) {
    await putSetting('retry', retry);
    setRetrySettings(retry);
    done.push('retry');
  }
  if (s.ttsRoles) {
    await putSetting('ttsRoles', s.ttsRoles);
    setTtsRoles(s.ttsRoles);
    done.push('ttsRoles');
  }
  if (s.system) {
    await putSetting('system', { ...DEFAULT_SETTINGS.system, ...s.system });
    setDebugLogging(s.system.debugMode);
    done.push('system');
  }
  if (s.apiKeys) {
    const current = await getSetting('apiKeys');
    const incoming = Object.fromEntries(Object.entries(s.apiKeys).filter(([, v]) => isRealSecret(v)));
    await putSetting('apiKeys', { ...current, ...incoming });
    done.push('apiKeys');
  }
  return done;
}
