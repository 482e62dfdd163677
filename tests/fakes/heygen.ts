// A fake of HeyGen's API (api.heygen.com) written from its public reference:
// - POST /v2/video/generate — docs.heygen.com/reference/create-an-avatar-video-v2 (video_inputs[].character {type 'avatar',
//   avatar_id}, voice {type 'text', input_text, voice_id}; answer {error: null, data: {video_id}}),
// - GET /v1/video_status.get?video_id= — docs.heygen.com/reference/video-status (code 100, data.status pending | processing |
//   completed | failed, video_url, duration, error {code, message, detail}),
// - GET /v2/voices — docs.heygen.com/reference/list-voices-v2 (data.voices[] voice_id, language, gender, name),
// - GET /v2/avatars — docs.heygen.com/reference/list-avatars-v2 (data.avatars[] avatar_id, avatar_name, preview_image_url),
// - every call with the `X-Api-Key` header (docs.heygen.com/reference/authentication); errors as {error: {code, message}}.
// The finished video is served from /files/{id}.webm (HeyGen's storage in reality) with byte ranges.
// Checked: docs.heygen.com/reference/create-video shows GET /v2/avatars with X-Api-Key and {error: null, data:
// {avatars}}; HeyGen's forum (docs.heygen.com/discuss/659c88e0c7092600161405a7) polls GET /v1/video_status.get?video_id=.
// HeyGen also documents a newer GET /v2/videos/{video_id}; the adapter keeps v1, which the fake serves.
import { fileURLToPath } from 'node:url';
import { FakeJobs, isJson, nonEmpty, record, sendFile, sendJson, startFake, type FakeServer } from './fake-server';

export const SAMPLE_VIDEO = fileURLToPath(new URL('../../public/samples/demo-video.webm', import.meta.url));

export interface HeygenFake extends FakeServer {
  /** Lets held jobs finish (with `holdUntilReleased`): their next status call after `pollsUntilDone` reports the end. */
  release(): void;
  jobs: FakeJobs<{ avatarId: string; text: string; fail: boolean }>;
}

export const HEYGEN_AVATARS = [
  {
    avatar_id: 'Angela-inTshirt-20220820',
    avatar_name: 'Angela in T-shirt',
    gender: 'female',
    preview_image_url: 'https://files.heygen.ai/avatar/angela.webp',
    preview_video_url: 'https://files.heygen.ai/avatar/angela.mp4',
    premium: false,
  },
  {
    avatar_id: 'Tyler-incasualsuit-20220721',
    avatar_name: 'Tyler in Casual Suit',
    gender: 'male',
    preview_image_url: 'https://files.heygen.ai/avatar/tyler.webp',
    preview_video_url: 'https://files.heygen.ai/avatar/tyler.mp4',
    premium: false,
  },
];

export const HEYGEN_VOICES = [
  {
    voice_id: '2d5b0e6cf36f460aa7fc47e3eee4ba54',
    language: 'German',
    gender: 'female',
    name: 'Katja - Natural',
    preview_audio: 'https://static.heygen.ai/voice_preview/katja.wav',
    support_pause: true,
    emotion_support: false,
  },
  {
    voice_id: '9b3a1f2e8c7d4e5fa6b7c8d9e0f1a2b3',
    language: 'German',
    gender: 'male',
    name: 'Conrad - Natural',
    preview_audio: 'https://static.heygen.ai/voice_preview/conrad.wav',
    support_pause: true,
    emotion_support: false,
  },
  {
    voice_id: '1bd001e7e50f421d891986aad5158bc8',
    language: 'English',
    gender: 'female',
    name: 'Sara',
    preview_audio: 'https://static.heygen.ai/voice_preview/sara.wav',
    support_pause: true,
    emotion_support: true,
  },
];

const error = (code: string, message: string) => ({ error: { code, message }, data: null });

/**
 * Starts the fake. A job reports `processing` until its `pollsUntilDone`-th status call, then `completed`; a script
 * containing FEHLSCHLAG ends `failed` with HeyGen's documented error 40119. With `holdUntilReleased`, jobs stay
 * `processing` until `release()` (a test that must see the way, not only the end, does not race the poller).
 */
export async function startHeygenFake(
  port: number,
  options: { apiKey: string; pollsUntilDone?: number; holdUntilReleased?: boolean },
): Promise<HeygenFake> {
  let held = options.holdUntilReleased ?? false;
  const jobs = new FakeJobs<{ avatarId: string; text: string; fail: boolean }>('hg');
  const pollsUntilDone = options.pollsUntilDone ?? 3;
  let base = '';
  const fake = await startFake(
    port,
    (req, res) => {
      if (req.path.startsWith('/files/')) return sendFile(req, res, SAMPLE_VIDEO, 'video/webm');
      if (req.headers['x-api-key'] !== options.apiKey)
        return sendJson(res, 401, error('invalid_api_key', 'Unauthorized: invalid API key'));
      if (req.method === 'GET' && req.path === '/v2/voices')
        return sendJson(res, 200, { error: null, data: { voices: HEYGEN_VOICES } });
      if (req.method === 'GET' && req.path === '/v2/avatars')
        return sendJson(res, 200, { error: null, data: { avatars: HEYGEN_AVATARS, talking_photos: [] } });
      if (req.method === 'POST' && req.path === '/v2/video/generate') {
        if (!isJson(req))
          return sendJson(res, 400, error('invalid_parameter', 'Content-Type must be application/json'));
        const inputs = record(req.body)?.video_inputs;
        if (!Array.isArray(inputs) || inputs.length === 0)
          return sendJson(res, 400, error('invalid_parameter', 'video_inputs is required'));
        const first = record(inputs[0]);
        const character = record(first?.character);
        const voice = record(first?.voice);
        if (character?.type !== 'avatar' || !nonEmpty(character.avatar_id))
          return sendJson(res, 400, error('invalid_parameter', 'character.avatar_id is required'));
        if (!HEYGEN_AVATARS.some((a) => a.avatar_id === character.avatar_id))
          return sendJson(res, 400, error('avatar_not_found', `Avatar ${String(character.avatar_id)} not found`));
        if (voice?.type !== 'text' || !nonEmpty(voice.input_text) || !nonEmpty(voice.voice_id))
          return sendJson(res, 400, error('invalid_parameter', 'voice.input_text and voice.voice_id are required'));
        if (!HEYGEN_VOICES.some((v) => v.voice_id === voice.voice_id))
          return sendJson(res, 400, error('voice_not_found', `Voice ${String(voice.voice_id)} not found`));
        const id = jobs.add({
          avatarId: character.avatar_id,
          text: voice.input_text,
          fail: voice.input_text.includes('FEHLSCHLAG'),
        });
        return sendJson(res, 200, { error: null, data: { video_id: id } });
      }
      if (req.method === 'GET' && req.path === '/v1/video_status.get') {
        const id = req.query.get('video_id') ?? '';
        const job = jobs.poll(id);
        if (!job) return sendJson(res, 404, { code: 40008, message: 'Video not found' });
        const empty = {
          callback_id: null,
          caption_url: null,
          duration: null,
          error: null,
          gif_url: null,
          id,
          thumbnail_url: null,
          video_url: null,
          video_url_caption: null,
        };
        if (held || job.polls < pollsUntilDone)
          return sendJson(res, 200, {
            code: 100,
            data: { ...empty, status: job.polls === 1 ? 'pending' : 'processing' },
            message: 'Success',
          });
        if (job.data.fail) {
          return sendJson(res, 200, {
            code: 100,
            data: {
              ...empty,
              status: 'failed',
              error: {
                code: 40119,
                message: 'Video is too long',
                detail: 'Video is too long (> 3600.0s). Please upgrade your plan to generate longer videos',
              },
            },
            message: 'Success',
          });
        }
        return sendJson(res, 200, {
          code: 100,
          data: {
            ...empty,
            status: 'completed',
            duration: 4.2,
            video_url: `${base}/files/${id}.webm`,
            thumbnail_url: `${base}/files/${id}.jpg`,
          },
          message: 'Success',
        });
      }
      return sendJson(res, 404, error('not_found', `No route for ${req.method} ${req.path}`));
    },
    (path) => path.startsWith('/files/'),
  );
  base = fake.url;
  return {
    ...fake,
    jobs,
    release: () => {
      held = false;
    },
  };
}
