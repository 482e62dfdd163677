// A fake of ModelsLab's video API (modelslab.com/api) written from its public reference:
// - POST /api/v6/video/text2video {key, model_id, prompt, …} — docs.modelslab.com/video-api/text-to-video (answer
//   {status 'processing', id, eta, output [], future_links, fetch_result} or {status 'success', output [url]}),
// - POST /api/v6/video/fetch/{id} {key} — docs.modelslab.com/video-api/fetch-video,
// - POST /api/wallet_balance {key} — docs.modelslab.com/general-api/wallet-balance (answer {status 'success', data
//   {balance, currency}}): the key test,
// - the key travels in the JSON body, not a header; a wrong key is answered {status 'error', message} (HTTP 200).
import { FakeJobs, isJson, nonEmpty, record, sendFile, sendJson, startFake, type FakeServer } from './fake-server';
import { SAMPLE_VIDEO } from './heygen';

export interface ModelsLabFake extends FakeServer {
  jobs: FakeJobs<{ fail: boolean }>;
}

export async function startModelsLabFake(
  port: number,
  options: { apiKey: string; pollsUntilDone?: number },
): Promise<ModelsLabFake> {
  const jobs = new FakeJobs<{ fail: boolean }>('');
  const pollsUntilDone = options.pollsUntilDone ?? 3;
  let base = '';
  const fake = await startFake(
    port,
    (req, res) => {
      if (req.path.startsWith('/files/')) return sendFile(req, res, SAMPLE_VIDEO, 'video/webm');
      if (req.method !== 'POST') return sendJson(res, 405, { status: 'error', message: 'Method not allowed' });
      if (!isJson(req))
        return sendJson(res, 400, { status: 'error', message: 'Content-Type must be application/json' });
      const body = record(req.body) ?? {};
      if (body.key !== options.apiKey) return sendJson(res, 200, { status: 'error', message: 'Invalid Api Key' });
      if (req.path === '/api/wallet_balance')
        return sendJson(res, 200, { status: 'success', data: { balance: 43.6, currency: 'USD' } });
      if (req.path === '/api/v6/video/text2video') {
        if (!nonEmpty(body.prompt))
          return sendJson(res, 200, { status: 'error', message: 'The prompt field is required.' });
        const id = jobs.add({ fail: body.prompt.includes('FEHLSCHLAG') });
        return sendJson(res, 200, {
          status: 'processing',
          tip: 'Your video is processing',
          eta: 30,
          message: 'Try to fetch request after given estimated time',
          fetch_result: `${base}/api/v6/video/fetch/${id}`,
          id,
          output: [],
          future_links: [`${base}/files/${id}.webm`],
        });
      }
      const get = /^\/api\/v6\/video\/fetch\/([^/]+)$/.exec(req.path);
      if (get) {
        const job = jobs.poll(get[1]);
        if (!job) return sendJson(res, 200, { status: 'error', message: 'Request not found' });
        if (job.polls < pollsUntilDone)
          return sendJson(res, 200, { status: 'processing', id: get[1], eta: 10, output: [] });
        if (job.data.fail)
          return sendJson(res, 200, { status: 'failed', id: get[1], message: 'Generation failed, please try again' });
        return sendJson(res, 200, { status: 'success', id: get[1], output: [`${base}/files/${get[1]}.webm`] });
      }
      return sendJson(res, 404, { status: 'error', message: `No route for ${req.path}` });
    },
    (path) => path.startsWith('/files/'),
  );
  base = fake.url;
  return { ...fake, jobs };
}
