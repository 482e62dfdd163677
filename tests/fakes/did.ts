// A fake of D-ID's API (api.d-id.com) written from its public reference:
// - POST /talks {source_url, script: {type 'text', input, provider?} | {type 'audio', audio_url}} —
//   docs.d-id.com/reference/createtalk (201 {id, object 'talk', created_at, created_by, status 'created'}),
// - GET /talks/{id} — docs.d-id.com/reference/gettalk (status created | started | done | error | rejected, result_url,
//   error {kind, description}),
// - every call with `Authorization: Basic <API key>` (docs.d-id.com/reference/basic-authentication); errors as
//   {kind, description} (401 AuthorizationError, 400 ValidationError).
// Checked against D-ID's public forum answers on docs.d-id.com/discuss (682d767448e424007183ee20: a talk without
// `script` is refused 400 {kind 'ValidationError', description 'validation failed', details {'body.script': {message
// "'script' is required"}}}; 64fec3f1b44e83005bf33a49: GET /talks/{id} carries result_url once done).
import { FakeJobs, isJson, nonEmpty, record, sendFile, sendJson, startFake, type FakeServer } from './fake-server';
import { SAMPLE_VIDEO } from './heygen';

export interface DidFake extends FakeServer {
  jobs: FakeJobs<{ fail: boolean }>;
}

/** A talk is `started` until its `pollsUntilDone`-th status call, then `done`; FEHLSCHLAG in the script ends in `error`. */
export async function startDidFake(
  port: number,
  options: { apiKey: string; pollsUntilDone?: number },
): Promise<DidFake> {
  const jobs = new FakeJobs<{ fail: boolean }>('tlk_');
  const pollsUntilDone = options.pollsUntilDone ?? 3;
  let base = '';
  const fake = await startFake(
    port,
    (req, res) => {
      if (req.path.startsWith('/files/')) return sendFile(req, res, SAMPLE_VIDEO, 'video/webm');
      if (req.headers.authorization !== `Basic ${options.apiKey}`)
        return sendJson(res, 401, { kind: 'AuthorizationError', description: 'user unauthorized' });
      if (req.method === 'POST' && req.path === '/talks') {
        if (!isJson(req))
          return sendJson(res, 400, { kind: 'ValidationError', description: 'Content-Type must be application/json' });
        const body = record(req.body) ?? {};
        const script = record(body.script);
        if (!nonEmpty(body.source_url) || !/^https?:\/\//.test(body.source_url))
          return sendJson(res, 400, { kind: 'ValidationError', description: 'source_url must be a valid url' });
        if (!script)
          return sendJson(res, 400, {
            kind: 'ValidationError',
            description: 'validation failed',
            details: { 'body.script': { message: "'script' is required" } },
          });
        const valid =
          (script.type === 'text' && nonEmpty(script.input)) || (script.type === 'audio' && nonEmpty(script.audio_url));
        if (!valid) return sendJson(res, 400, { kind: 'ValidationError', description: 'script is invalid' });
        const provider = record(script?.provider);
        if (provider && (provider.type !== 'microsoft' || !nonEmpty(provider.voice_id)))
          return sendJson(res, 400, { kind: 'ValidationError', description: 'script.provider is invalid' });
        const id = jobs.add({ fail: String(script?.input ?? '').includes('FEHLSCHLAG') });
        return sendJson(res, 201, {
          id,
          object: 'talk',
          created_by: 'google-oauth2|fake',
          created_at: new Date().toISOString(),
          status: 'created',
        });
      }
      const get = /^\/talks\/([^/]+)$/.exec(req.path);
      if (req.method === 'GET' && get) {
        const job = jobs.poll(get[1]);
        if (!job) return sendJson(res, 404, { kind: 'NotFoundError', description: 'talk not found' });
        if (job.polls < pollsUntilDone)
          return sendJson(res, 200, { id: get[1], status: job.polls === 1 ? 'created' : 'started' });
        if (job.data.fail)
          return sendJson(res, 200, {
            id: get[1],
            status: 'error',
            error: { kind: 'FaceError', description: 'Failed to detect a face in the source image' },
          });
        return sendJson(res, 200, {
          id: get[1],
          status: 'done',
          duration: 3.5,
          result_url: `${base}/files/${get[1]}.webm`,
        });
      }
      return sendJson(res, 404, { kind: 'NotFoundError', description: `No route for ${req.method} ${req.path}` });
    },
    (path) => path.startsWith('/files/'),
  );
  base = fake.url;
  return { ...fake, jobs };
}
