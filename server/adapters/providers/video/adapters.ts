// The avatar video providers' APIs: create a job, ask how far it is, list avatars. Paths and bodies follow each
// provider's public reference (named per adapter); the shapes the fakes in tests/fakes/ check are the same.
import type { Avatar, VideoProvider } from '../../../../src/contract';
import { HttpError, notConfigured } from '../../../http/errors';
import type { Credentials, ProviderName } from '../credentials';
import { callProvider, mayHaveOrdered } from '../provider-call';
import { isConsoleVoice, voiceFor } from '../../media-engines/voices';

export interface JobInput {
  avatar: string;
  script: string;
  title: string;
  background?: string;
  voice?: string;
  /** An image address for providers that animate a photo (D-ID): the avatar's stored preview. */
  sourceImage?: string;
}

export interface JobState {
  state: 'processing' | 'completed' | 'failed';
  /** 0–100 when the provider reports it. */
  progress?: number;
  url?: string;
  /** The provider's reason of a failure (its own words). */
  error?: string;
  durationSeconds?: number;
}

export interface VideoAdapter {
  name: string;
  create(input: JobInput, credentials: Credentials): Promise<string>;
  status(externalId: string, credentials: Credentials): Promise<JobState>;
  avatars?(credentials: Credentials): Promise<Avatar[]>;
}

export const PROVIDER_NAMES: Record<VideoProvider, string> = {
  tavus: 'Tavus',
  vidau: 'VidAU',
  modelslab: 'ModelsLab',
  heygen: 'HeyGen',
  did: 'D-ID',
};

/** The key of a provider, or the 503 the console shows when none is saved or set. */
export async function requireKey(credentials: Credentials, provider: VideoProvider & ProviderName): Promise<string> {
  const key = await credentials.key(provider);
  if (!key) throw notConfigured(`Der Video-Anbieter ${PROVIDER_NAMES[provider]}`);
  return key;
}

/** The job id of a create answer; a 2xx answer without one may still have started the job. */
function required(name: string, id: string | undefined): string {
  if (!id) throw mayHaveOrdered(name, 'Das Video');
  return id;
}

const text = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() ? value : undefined);

/** Video Studio's voices (language-gender-n) as HeyGen's voice list names them. */
const STUDIO_VOICE = /^(german|english)-(female|male)-\d+$/;

/**
 * The HeyGen voice_id for Video Studio's voice: the first voice of that language and gender from GET /v2/voices
 * (docs.heygen.com/reference/list-voices-v2); any other value is taken as a voice_id already.
 */
async function heygenVoice(credentials: Credentials, key: string, voice: string | undefined): Promise<string> {
  const match = STUDIO_VOICE.exec(voice ?? 'german-female-1');
  if (!match) return voice as string;
  const language = match[1] === 'german' ? 'German' : 'English';
  const answer = await callProvider<{ data?: { voices?: { voice_id: string; language?: string; gender?: string }[] } }>(
    {
      name: 'HeyGen',
      url: `${credentials.url('heygen')}/v2/voices`,
      headers: { 'X-Api-Key': key },
      secrets: [key],
    },
  );
  const found = (answer.data?.voices ?? []).find(
    (v) => v.language === language && v.gender?.toLowerCase() === match[2],
  );
  if (!found)
    throw new HttpError(
      422,
      `HeyGen bietet keine Stimme für ${language === 'German' ? 'Deutsch' : 'Englisch'}, ${match[2] === 'female' ? 'weiblich' : 'männlich'} – bitte HEYGEN_VOICE_ID setzen.`,
      'provider_rejected',
    );
  return found.voice_id;
}

// HeyGen: POST /v2/video/generate, GET /v1/video_status.get?video_id=, GET /v2/avatars; header X-Api-Key
// (docs.heygen.com/reference/create-an-avatar-video-v2, /reference/video-status, /reference/list-avatars-v2).
const heygen: VideoAdapter = {
  name: 'HeyGen',
  async create(input, credentials) {
    const key = await requireKey(credentials, 'heygen');
    const voiceId = credentials.setting('HEYGEN_VOICE_ID') ?? (await heygenVoice(credentials, key, input.voice));
    const answer = await callProvider<{ data?: { video_id?: string } }>({
      name: 'HeyGen',
      url: `${credentials.url('heygen')}/v2/video/generate`,
      orders: 'Das Video',
      method: 'POST',
      headers: { 'X-Api-Key': key },
      secrets: [key],
      json: {
        title: input.title,
        video_inputs: [
          {
            character: { type: 'avatar', avatar_id: input.avatar, avatar_style: 'normal' },
            voice: { type: 'text', input_text: input.script, voice_id: voiceId },
            ...(input.background
              ? { background: { type: 'color', value: BACKGROUND_COLORS[input.background] ?? '#FFFFFF' } }
              : {}),
          },
        ],
        dimension: { width: 1280, height: 720 },
      },
    });
    return required('HeyGen', answer.data?.video_id);
  },
  async status(id, credentials) {
    const key = await requireKey(credentials, 'heygen');
    const answer = await callProvider<{
      data?: {
        status?: string;
        video_url?: string | null;
        duration?: number | null;
        error?: { message?: string; detail?: string } | null;
      };
    }>({
      name: 'HeyGen',
      url: `${credentials.url('heygen')}/v1/video_status.get?video_id=${encodeURIComponent(id)}`,
      headers: { 'X-Api-Key': key },
      secrets: [key],
    });
    const data = answer.data ?? {};
    if (data.status === 'completed')
      return {
        state: 'completed',
        progress: 100,
        url: text(data.video_url),
        durationSeconds: data.duration ?? undefined,
      };
    if (data.status === 'failed')
      return { state: 'failed', error: text(data.error?.detail) ?? text(data.error?.message) ?? 'unbekannter Fehler' };
    return { state: 'processing' };
  },
  async avatars(credentials) {
    const key = await requireKey(credentials, 'heygen');
    const answer = await callProvider<{
      data?: { avatars?: { avatar_id: string; avatar_name?: string; preview_image_url?: string }[] };
    }>({
      name: 'HeyGen',
      url: `${credentials.url('heygen')}/v2/avatars`,
      headers: { 'X-Api-Key': key },
      secrets: [key],
    });
    return (answer.data?.avatars ?? []).map((a) => ({
      id: a.avatar_id,
      name: a.avatar_name ?? a.avatar_id,
      preview: a.preview_image_url ?? '',
      voice: '',
      platform: 'heygen' as const,
    }));
  },
};

/** Scene backgrounds of Video Studio as plain colours (HeyGen's `background: {type: 'color'}`). */
const BACKGROUND_COLORS: Record<string, string> = {
  'news-studio': '#1E293B',
  newsroom: '#334155',
  'city-skyline': '#0F172A',
  neutral: '#F8FAFC',
  'green-screen': '#00B140',
};

// Tavus: POST /v2/videos {replica_id, script}, GET /v2/videos/{video_id}, GET /v2/replicas; header x-api-key
// (docs.tavus.io/sections/video/quickstart, /api-reference/video-request/get-video, /api-reference/phoenix-replica-model/get-replicas).
const tavus: VideoAdapter = {
  name: 'Tavus',
  async create(input, credentials) {
    const key = await requireKey(credentials, 'tavus');
    const answer = await callProvider<{ video_id?: string }>({
      name: 'Tavus',
      url: `${credentials.url('tavus')}/v2/videos`,
      orders: 'Das Video',
      method: 'POST',
      headers: { 'x-api-key': key },
      secrets: [key],
      json: { replica_id: input.avatar, script: input.script, video_name: input.title },
    });
    return required('Tavus', answer.video_id);
  },
  async status(id, credentials) {
    const key = await requireKey(credentials, 'tavus');
    const v = await callProvider<{
      status?: string;
      download_url?: string;
      hosted_url?: string;
      generation_progress?: string;
      status_details?: string;
    }>({
      name: 'Tavus',
      url: `${credentials.url('tavus')}/v2/videos/${encodeURIComponent(id)}`,
      headers: { 'x-api-key': key },
      secrets: [key],
    });
    const progress = /^(\d+)\s*\/\s*100$/.exec(v.generation_progress ?? '')?.[1];
    if (v.status === 'ready')
      return { state: 'completed', progress: 100, url: text(v.download_url) ?? text(v.hosted_url) };
    if (v.status === 'error' || v.status === 'deleted')
      return { state: 'failed', error: text(v.status_details) ?? v.status };
    return { state: 'processing', progress: progress === undefined ? undefined : Number(progress) };
  },
  async avatars(credentials) {
    const key = await requireKey(credentials, 'tavus');
    const answer = await callProvider<{
      data?: { replica_id: string; replica_name?: string; thumbnail_video_url?: string; status?: string }[];
    }>({
      name: 'Tavus',
      url: `${credentials.url('tavus')}/v2/replicas`,
      headers: { 'x-api-key': key },
      secrets: [key],
    });
    return (answer.data ?? [])
      .filter((r) => !r.status || r.status === 'completed')
      .map((r) => ({
        id: r.replica_id,
        name: r.replica_name ?? r.replica_id,
        preview: r.thumbnail_video_url ?? '',
        voice: '',
        platform: 'tavus' as const,
      }));
  },
};

/** D-ID's documented sample presenter, for an avatar without an image address of its own. */
const DID_DEFAULT_SOURCE = 'https://d-id-public-bucket.s3.amazonaws.com/alice.jpg';

// D-ID: POST /talks {source_url, script: {type: 'text', input, provider}}, GET /talks/{id}; header Authorization: Basic <key>
// (docs.d-id.com/reference/createtalk, /reference/gettalk).
const did: VideoAdapter = {
  name: 'D-ID',
  async create(input, credentials) {
    const key = await requireKey(credentials, 'did');
    const source =
      input.sourceImage && /^https?:\/\//.test(input.sourceImage)
        ? input.sourceImage
        : (credentials.setting('DID_SOURCE_URL') ?? DID_DEFAULT_SOURCE);
    // The console's voices as Microsoft voices (the voice table's Azure names), which D-ID's text scripts take.
    const voice = isConsoleVoice(input.voice) ? voiceFor(input.voice, '').azure : undefined;
    const answer = await callProvider<{ id?: string }>({
      name: 'D-ID',
      url: `${credentials.url('did')}/talks`,
      orders: 'Das Video',
      method: 'POST',
      headers: { Authorization: `Basic ${key}` },
      secrets: [key],
      json: {
        source_url: source,
        script: {
          type: 'text',
          input: input.script,
          ...(voice ? { provider: { type: 'microsoft', voice_id: voice } } : {}),
        },
      },
    });
    return required('D-ID', answer.id);
  },
  async status(id, credentials) {
    const key = await requireKey(credentials, 'did');
    const t = await callProvider<{
      status?: string;
      result_url?: string;
      duration?: number;
      error?: { kind?: string; description?: string };
    }>({
      name: 'D-ID',
      url: `${credentials.url('did')}/talks/${encodeURIComponent(id)}`,
      headers: { Authorization: `Basic ${key}` },
      secrets: [key],
    });
    if (t.status === 'done')
      return { state: 'completed', progress: 100, url: text(t.result_url), durationSeconds: t.duration };
    if (t.status === 'error' || t.status === 'rejected')
      return { state: 'failed', error: text(t.error?.description) ?? text(t.error?.kind) ?? t.status };
    return { state: 'processing' };
  },
};

// ModelsLab: POST /v6/video/text2video {key, prompt, …}, POST /v6/video/fetch/{id} {key}; the key travels in the body
// (docs.modelslab.com/video-api/text-to-video, /video-api/fetch-video). Errors may come as HTTP 200 with status 'error'.
interface ModelsLabAnswer {
  status?: string;
  id?: number | string;
  output?: string[];
  future_links?: string[];
  message?: string;
  messege?: string;
}
const modelslabFailure = (a: ModelsLabAnswer) => text(a.message) ?? text(a.messege) ?? 'unbekannter Fehler';
const modelslab: VideoAdapter = {
  name: 'ModelsLab',
  async create(input, credentials) {
    const key = await requireKey(credentials, 'modelslab');
    const a = await callProvider<ModelsLabAnswer>({
      name: 'ModelsLab',
      url: `${credentials.url('modelslab')}/v6/video/text2video`,
      orders: 'Das Video',
      method: 'POST',
      secrets: [key],
      json: {
        key,
        model_id: credentials.setting('MODELSLAB_MODEL_ID') ?? 'cogvideox',
        prompt: input.script,
        output_type: 'mp4',
      },
    });
    if (a.status === 'error' || a.id === undefined)
      throw new HttpError(422, `ModelsLab hat die Anfrage abgelehnt: ${modelslabFailure(a)}`, 'provider_rejected');
    return String(a.id);
  },
  async status(id, credentials) {
    const key = await requireKey(credentials, 'modelslab');
    const a = await callProvider<ModelsLabAnswer>({
      name: 'ModelsLab',
      url: `${credentials.url('modelslab')}/v6/video/fetch/${encodeURIComponent(id)}`,
      method: 'POST',
      json: { key },
      secrets: [key],
    });
    if (a.status === 'success' && a.output?.[0]) return { state: 'completed', progress: 100, url: a.output[0] };
    if (a.status === 'error' || a.status === 'failed') return { state: 'failed', error: modelslabFailure(a) };
    return { state: 'processing' };
  },
};

export const ADAPTERS: Partial<Record<VideoProvider, VideoAdapter>> = { heygen, tavus, did, modelslab };

/** The adapter of a provider, or the clear 501 of a provider whose public API cannot make avatar videos (VidAU). */
export function adapterFor(provider: VideoProvider): VideoAdapter {
  const adapter = ADAPTERS[provider];
  if (!adapter) {
    throw new HttpError(
      501,
      `${PROVIDER_NAMES[provider]} bietet keine öffentliche Schnittstelle zum Erzeugen von Avatar-Videos – bitte einen anderen Video-Anbieter wählen.`,
      'not_supported',
    );
  }
  return adapter;
}
