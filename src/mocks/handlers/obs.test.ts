import { callApi } from '@/lib/api/client';
import { connectObs, getObsState, resetObsConnection } from '@/lib/obs';
import { obsSim } from '../store/obs';

afterEach(async () => {
  await resetObsConnection();
});

test('GET /obs/scenes lists the SPEC scene ids', async () => {
  expect((await callApi('obs.scenes')).map((s) => s.id)).toEqual([
    'main-studio',
    'intro',
    'weather',
    'breaking',
    'outro',
  ]);
});

test('POST /obs/scene switches the simulated OBS, and a WebSocket client hears it', async () => {
  await connectObs({ host: 'localhost', port: 4455, password: 'newsdesk-obs' });
  await callApi('obs.scene', { body: { sceneName: 'outro' } });
  expect(obsSim.currentScene()).toBe('outro');
  await vi.waitFor(() => expect(getObsState().currentScene).toBe('outro'));
  expect(await callApi('obs.status')).toMatchObject({ connected: true, streaming: false, scene: 'outro' });
});

test('stream start/stop over HTTP; a second start is refused', async () => {
  await callApi('obs.streamStart');
  await vi.waitFor(() => expect(obsSim.streaming()).toBe(true));
  await expect(callApi('obs.streamStart')).rejects.toMatchObject({ status: 409 });
  await callApi('obs.streamStop');
  await vi.waitFor(() => expect(obsSim.streaming()).toBe(false));
});

test('POST /obs/control sets text and refuses unknown actions and scenes', async () => {
  await callApi('obs.control', { body: { action: 'setText', text: 'Hallo' } });
  expect(obsSim.input('AI News Content')?.settings.text).toBe('Hallo');
  await expect(callApi('obs.control', { body: { action: 'explode' } })).rejects.toMatchObject({ status: 400 });
  await expect(callApi('obs.control', { body: { action: 'switchScene', sceneName: 'nope' } })).rejects.toMatchObject({
    status: 404,
  });
});

test('GET /live/schedule gives id, title, time, date, platform', async () => {
  const schedule = await callApi('live.schedule');
  expect(schedule).toHaveLength(3);
  expect(Object.keys(schedule[0]).sort()).toEqual(['date', 'id', 'platform', 'time', 'title']);
});

test("GET /obs/instances lists the demo server's one OBS; /obs/status names it with stream health while streaming", async () => {
  expect(await callApi('obs.instances')).toEqual([
    {
      name: 'Studio',
      url: 'ws://studio.local:4455',
      state: 'connected',
      textSource: 'AI News Content',
      scenes: ['main-studio', 'intro', 'weather', 'breaking', 'outro'],
      currentScene: 'main-studio',
      textSources: ['AI News Content'],
    },
  ]);
  obsSim.startStream();
  await vi.waitFor(async () => expect((await callApi('obs.status')).streaming).toBe(true));
  const status = await callApi('obs.status');
  expect(status).toMatchObject({ instance: 'Studio', state: 'connected', streamPhase: 'started' });
  expect(status.health).toMatchObject({ fps: 30 });
});
