// OBS through the server against a small obs-websocket v5 server (tests/fakes/fake-obs.ts); the real OBS is tests/obs.
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { ObsHub } from '../../adapters/obs/obs-instance';
import { startFakeObs, type FakeObs } from '../../../tests/fakes/fake-obs';
import { contractBody, createTestApp, errorBody, type TestApp } from '../../testing';

const PASSWORD = 'studio-secret-4711';
let studio: FakeObs;
let backup: FakeObs;
let t: TestApp;
let hub: ObsHub;
const logLines: string[] = [];

beforeAll(async () => {
  studio = await startFakeObs({ password: PASSWORD });
  backup = await startFakeObs({ password: 'the-right-one' });
  t = await createTestApp({
    distDir: '/nonexistent-newsdesk-dist',
    obs: (events) => {
      hub = new ObsHub(
        [
          { name: 'Studio A', url: studio.url, password: PASSWORD, textSource: 'AI News Content' },
          { name: 'Studio B', url: backup.url, password: 'wrong-password-123', textSource: 'AI News Content' },
        ],
        (event) => events.publishObs(event),
        (line) => logLines.push(line),
      );
      hub.start();
      return hub;
    },
  });
  await vi.waitFor(() => expect(hub.get('Studio A')?.state).toBe('connected'), { timeout: 10_000 });
  await vi.waitFor(() => expect(hub.get('Studio B')?.state).toBe('auth-failed'), { timeout: 10_000 });
});
afterAll(async () => {
  await t.close();
  await studio.close();
  await backup.close();
});

/** Opens the event stream and collects its `obs` events. */
async function openEvents(): Promise<{ events: Array<Record<string, unknown>>; close: () => void }> {
  const { ticket } = (await (await t.call('/events/ticket', { method: 'POST' })).json()) as { ticket: string };
  const controller = new AbortController();
  const response = await t.app.request(`/api/events?ticket=${encodeURIComponent(ticket)}`, {
    signal: controller.signal,
  });
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const events: Array<Record<string, unknown>> = [];
  let buffer = '';
  void (async () => {
    const decoder = new TextDecoder();
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      let end;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (/^event: obs$/m.test(block))
          events.push(JSON.parse(/^data: (.*)$/m.exec(block)?.[1] ?? '{}') as Record<string, unknown>);
      }
    }
  })();
  return { events, close: () => controller.abort() };
}

test('a server with OBS makes "über den Server" the deployment default in its config.json', async () => {
  const config = await t.app.request('http://desk.local:3000/config.json');
  expect(await config.json()).toEqual({ apiMode: 'live', apiBaseUrl: 'http://desk.local:3000/api', obsMode: 'server' });
});

test('the instances are listed by name and state, never with the password', async () => {
  const response = await t.call('/obs/instances');
  const text = await response.clone().text();
  expect(text).not.toContain(PASSWORD);
  expect(text).not.toContain('wrong-password-123');
  const list = await contractBody('obs.instances', response);
  expect(list.map((i) => [i.name, i.state])).toEqual([
    ['Studio A', 'connected'],
    ['Studio B', 'auth-failed'],
  ]);
  expect(list[1].message).toBe(
    'Falsches Passwort – OBS hat die Anmeldung abgelehnt (Code 4009). Es wird kein neuer Versuch unternommen.',
  );
  // What the server uses and, for the connected one, OBS's scenes and text sources (GetInputList, text kinds only).
  expect(list[0]).toMatchObject({
    textSource: 'AI News Content',
    scenes: hub.get('Studio A')?.scenes,
    currentScene: hub.get('Studio A')?.currentScene,
  });
  expect(list[0].textSources).toEqual([...studio.texts.keys()]);
  expect(list[0].textSources).not.toContain('Mic/Aux');
  expect(list[1]).toEqual({
    name: 'Studio B',
    url: list[1].url,
    state: 'auth-failed',
    message: list[1].message,
    textSource: 'AI News Content',
  });
});

test('a wrong password is tried once and never again (no reconnect loop); calls answer the German reason', async () => {
  const b = hub.get('Studio B');
  expect(b?.attempts).toBe(1);
  expect(b?.reconnectPending).toBe(false);
  expect(backup.connections()).toBe(1);
  const status = await contractBody('obs.status', await t.call('/obs/status?instance=Studio%20B'));
  expect(status).toMatchObject({ connected: false, state: 'auth-failed', code: 4009 });
  const scenes = await t.call('/obs/scenes?instance=Studio%20B');
  expect(scenes.status).toBe(503);
  expect((await errorBody(scenes)).message).toBe(
    'Nicht mit OBS verbunden: Falsches Passwort – OBS hat die Anmeldung abgelehnt (Code 4009). Es wird kein neuer Versuch unternommen.',
  );
  expect(logLines.join('\n')).not.toContain('wrong-password-123');
  expect(logLines.join('\n')).not.toContain(PASSWORD);
});

test('scenes, switch, stream start/stop with health, quick text; the first instance is the default', async () => {
  expect((await contractBody('obs.scenes', await t.call('/obs/scenes'))).map((s) => s.name)).toEqual([
    'main-studio',
    'intro',
    'weather',
  ]);
  expect(
    await contractBody(
      'obs.scene',
      await t.call('/obs/scene?instance=Studio%20A', { method: 'POST', json: { sceneName: 'weather' } }),
    ),
  ).toMatchObject({ success: true });
  expect(studio.scene()).toBe('weather');
  const missing = await t.call('/obs/control', { method: 'POST', json: { action: 'switchScene', sceneName: 'nope' } });
  expect(missing.status).toBe(404);
  expect((await errorBody(missing)).message).toBe('Szene "nope" nicht gefunden.');

  expect((await t.call('/obs/stream/start', { method: 'POST' })).status).toBe(200);
  expect(studio.streaming()).toBe(true);
  const again = await t.call('/obs/stream/start', { method: 'POST' });
  expect(again.status).toBe(409);
  expect((await errorBody(again)).message).toBe('Stream läuft bereits.');
  await vi.waitFor(async () =>
    expect((await contractBody('obs.status', await t.call('/obs/status'))).streaming).toBe(true),
  );
  const status = await contractBody('obs.status', await t.call('/obs/status'));
  expect(status).toMatchObject({
    connected: true,
    streaming: true,
    scene: 'weather',
    instance: 'Studio A',
    state: 'connected',
    obsVersion: '29.0.2',
  });
  expect(status.health).toMatchObject({ fps: 30, cpuUsage: 3.5, totalFrames: 30 });
  expect((await t.call('/obs/control', { method: 'POST', json: { action: 'stopStream' } })).status).toBe(200);
  expect(studio.streaming()).toBe(false);

  expect(
    (await t.call('/obs/control', { method: 'POST', json: { action: 'setText', text: 'Eilmeldung: Test' } })).status,
  ).toBe(200);
  expect(studio.texts.get('AI News Content')).toBe('Eilmeldung: Test');
  const noSource = await t.call('/obs/control', {
    method: 'POST',
    json: { action: 'setText', text: 'x', sourceName: 'Fehlt' },
  });
  expect((await errorBody(noSource)).message).toBe('Quelle "Fehlt" nicht gefunden.');
  const blank = await t.call('/obs/control', { method: 'POST', json: { action: 'setText', text: '  ' } });
  expect((await errorBody(blank)).message).toBe('Bitte Text eingeben.');
  const unknown = await t.call('/obs/scenes?instance=Studio%20C');
  expect(unknown.status).toBe(404);
  expect((await errorBody(unknown)).message).toBe('OBS-Instanz "Studio C" nicht gefunden.');
});

test('an OBS-side scene change and a dropped connection go out on the event stream; the server reconnects', async () => {
  const stream = await openEvents();
  try {
    studio.switchInObs('intro');
    await vi.waitFor(() =>
      expect(stream.events).toContainEqual({ type: 'scene', instance: 'Studio A', sceneName: 'intro' }),
    );
    studio.dropAll(1001);
    await vi.waitFor(() =>
      expect(stream.events).toContainEqual(
        expect.objectContaining({
          type: 'connection',
          instance: 'Studio A',
          state: 'reconnecting',
          attempt: 1,
          delayMs: 1000,
        }),
      ),
    );
    await vi.waitFor(
      () => expect(stream.events).toContainEqual({ type: 'connection', instance: 'Studio A', state: 'connected' }),
      { timeout: 5000 },
    );
    expect((await contractBody('obs.status', await t.call('/obs/status'))).scene).toBe('intro');
  } finally {
    stream.close();
  }
});

test('without OBS settings: status says not connected, the calls a German 503', async () => {
  // The same database: a fresh embedded one (migrations and all) took over 30 s on a loaded machine.
  const bare = await createTestApp({ database: t.database });
  try {
    expect(await contractBody('obs.status', await bare.call('/obs/status'))).toEqual({
      connected: false,
      streaming: false,
      scene: '',
    });
    expect(await contractBody('obs.instances', await bare.call('/obs/instances'))).toEqual([]);
    const scenes = await bare.call('/obs/scenes');
    expect(scenes.status).toBe(503);
    expect((await errorBody(scenes)).message).toBe('OBS ist nicht konfiguriert.');
  } finally {
    await bare.close();
  }
});
