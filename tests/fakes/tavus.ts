// A fake of Tavus's API (tavusapi.com) written from its public reference:
// - POST /v2/videos {replica_id, script | audio_url, video_name?} — docs.tavus.io/sections/video/quickstart and
//   /api-reference/video-request/create-video (answer {video_id, video_name, status 'queued', hosted_url}),
// - GET /v2/videos/{video_id} — /api-reference/video-request/get-video (status queued | generating | ready | error,
//   generation_progress "n/100", download_url, hosted_url, status_details),
// - GET /v2/replicas — /api-reference/phoenix-replica-model/get-replicas ({data: [{replica_id, replica_name,
//   thumbnail_video_url, status}], total_count}),
// - every call with the `x-api-key` header; errors as {message} (401 for a missing or wrong key).
// Checked against docs.tavus.io/api-reference/video-request/get-video.md (OpenAPI: GET /v2/videos/{video_id} on
// https://tavusapi.com, security apiKey; a ready video carries download_url, stream_url and hosted_url): matches.
import { FakeJobs, isJson, nonEmpty, record, sendFile, sendJson, startFake, type FakeServer } from './fake-server';
import { SAMPLE_VIDEO } from './heygen';

export const TAVUS_REPLICAS = [
  {
    replica_id: 'rfe12d8b9597',
    replica_name: 'Anna (Stock)',
    thumbnail_video_url: 'https://cdn.tavus.io/anna.mp4',
    status: 'completed',
    training_progress: '100/100',
  },
  {
    replica_id: 'r783537ef5',
    replica_name: 'In Training',
    thumbnail_video_url: '',
    status: 'training',
    training_progress: '10/100',
  },
];

export interface TavusFake extends FakeServer {
  jobs: FakeJobs<{ replicaId: string; fail: boolean }>;
}

/** A video is `generating` (progress in steps) until its `pollsUntilDone`-th status call, then `ready`; FEHLSCHLAG in the script ends in `error`. */
export async function startTavusFake(
  port: number,
  options: { apiKey: string; pollsUntilDone?: number },
): Promise<TavusFake> {
  const jobs = new FakeJobs<{ replicaId: string; fail: boolean }>('tv');
  const pollsUntilDone = options.pollsUntilDone ?? 3;
  let base = '';
  const fake = await startFake(
    port,
    (req, res) => {
      if (req.path.startsWith('/files/')) return sendFile(req, res, SAMPLE_VIDEO, 'video/webm');
      if (req.headers['x-api-key'] !== options.apiKey) return sendJson(res, 401, { message: 'Invalid access token' });
      if (req.method === 'GET' && req.path === '/v2/replicas')
        return sendJson(res, 200, { data: TAVUS_REPLICAS, total_count: TAVUS_REPLICAS.length });
      if (req.method === 'POST' && req.path === '/v2/videos') {
        if (!isJson(req)) return sendJson(res, 400, { message: 'Content-Type must be application/json' });
        const body = record(req.body) ?? {};
        if (!nonEmpty(body.replica_id)) return sendJson(res, 400, { message: 'replica_id is required' });
        if (!TAVUS_REPLICAS.some((r) => r.replica_id === body.replica_id && r.status === 'completed'))
          return sendJson(res, 400, { message: `Invalid replica_id: ${body.replica_id}` });
        if (!nonEmpty(body.script) && !nonEmpty(body.audio_url))
          return sendJson(res, 400, { message: 'Either script or audio_url is required' });
        const id = jobs.add({ replicaId: body.replica_id, fail: String(body.script ?? '').includes('FEHLSCHLAG') });
        return sendJson(res, 200, {
          video_id: id,
          video_name: body.video_name ?? `replica_id: ${body.replica_id}`,
          status: 'queued',
          hosted_url: `https://videos.tavus.io/video/${id}`,
          created_at: new Date().toUTCString(),
        });
      }
      const get = /^\/v2\/videos\/([^/]+)$/.exec(req.path);
      if (req.method === 'GET' && get) {
        const job = jobs.poll(get[1]);
        if (!job) return sendJson(res, 404, { message: 'Video not found' });
        const common = {
          video_id: get[1],
          video_name: `replica_id: ${job.data.replicaId}`,
          data: {},
          replica_id: job.data.replicaId,
        };
        if (job.polls < pollsUntilDone)
          return sendJson(res, 200, {
            ...common,
            status: 'generating',
            generation_progress: `${Math.round((job.polls / pollsUntilDone) * 100)}/100`,
          });
        if (job.data.fail)
          return sendJson(res, 200, {
            ...common,
            status: 'error',
            status_details: 'The script could not be processed.',
          });
        return sendJson(res, 200, {
          ...common,
          status: 'ready',
          generation_progress: '100/100',
          download_url: `${base}/files/${get[1]}.webm`,
          hosted_url: `https://videos.tavus.io/video/${get[1]}`,
          stream_url: `${base}/files/${get[1]}.m3u8`,
        });
      }
      return sendJson(res, 404, { message: `No route for ${req.method} ${req.path}` });
    },
    (path) => path.startsWith('/files/'),
  );
  base = fake.url;
  return { ...fake, jobs };
}
