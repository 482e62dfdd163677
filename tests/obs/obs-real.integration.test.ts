// @vitest-environment node
/**
 * Talks to a REAL OBS Studio (obs-websocket v5) started headless by the harness.
 * Requires the Debian packages obs-studio xvfb nginx libnginx-mod-rtmp; the
 * harness throws (never skips) when they are missing.
 */
import { OBSWebSocket, OBSWebSocketError, type OBSEventTypes } from 'obs-websocket-js/json';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { OBS_SCENES, OBS_TEXT_SOURCE, RTMP_STREAM_KEY, startObs, type ObsHarness } from './obs-harness';

const EVENT_TIMEOUT_MS = 10_000;

let harness: ObsHarness | undefined;
let url = '';
const clients: OBSWebSocket[] = [];

function env(): ObsHarness {
  if (!harness) throw new Error('OBS harness not started');
  return harness;
}

async function connect(password = env().password): Promise<OBSWebSocket> {
  const obs = new OBSWebSocket();
  obs.on('ConnectionError', () => undefined);
  clients.push(obs);
  await obs.connect(url, password, { rpcVersion: 1 });
  return obs;
}

/** Resolve with the first event of `type` that satisfies `predicate`; reject after a bounded timeout. */
function waitForEvent<K extends keyof OBSEventTypes>(
  obs: OBSWebSocket,
  type: K,
  predicate: (data: OBSEventTypes[K]) => boolean,
  timeoutMs = EVENT_TIMEOUT_MS,
): Promise<OBSEventTypes[K]> {
  return new Promise((resolve, reject) => {
    // eventemitter3's typed overloads don't narrow through a generic key, so
    // attach a listener with a loose signature and narrow the payload ourselves.
    const emitter = obs as unknown as {
      on(event: string, fn: (data: OBSEventTypes[K]) => void): void;
      off(event: string, fn: (data: OBSEventTypes[K]) => void): void;
    };
    const listener = (data: OBSEventTypes[K]): void => {
      if (!predicate(data)) return;
      clearTimeout(timer);
      emitter.off(type, listener);
      resolve(data);
    };
    const timer = setTimeout(() => {
      emitter.off(type, listener);
      reject(new Error(`timed out after ${timeoutMs} ms waiting for OBS event ${type}`));
    }, timeoutMs);
    emitter.on(type, listener);
  });
}

async function pollUntil<T>(
  fn: () => Promise<T>,
  ok: (value: T) => boolean,
  timeoutMs: number,
  intervalMs = 250,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last = await fn();
  while (!ok(last)) {
    if (Date.now() > deadline)
      throw new Error(`condition not met within ${timeoutMs} ms (last value: ${JSON.stringify(last)})`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
    last = await fn();
  }
  return last;
}

describe('real OBS Studio via obs-websocket v5', () => {
  beforeAll(async () => {
    harness = await startObs();
    url = `ws://${harness.host}:${harness.port}`;
  }, 60_000);

  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.disconnect().catch(() => undefined)));
  });

  afterAll(async () => {
    // make sure a failing test does not leave the stream running
    if (harness) {
      try {
        const obs = await connect();
        const status = await obs.call('GetStreamStatus');
        if (status.outputActive) await obs.call('StopStream');
        await obs.disconnect();
      } catch {
        // OBS may already be gone; stop() kills it anyway
      }
      await harness.stop();
      harness = undefined;
    }
  }, 30_000);

  it('connects with the password (rpcVersion 1) and reports obs-websocket 5.x', async () => {
    const obs = new OBSWebSocket();
    clients.push(obs);
    const hello = await obs.connect(url, env().password, { rpcVersion: 1 });
    expect(hello.negotiatedRpcVersion).toBe(1);
    const version = await obs.call('GetVersion');
    expect(version.obsWebSocketVersion).toMatch(/^5\./);
    expect(version.rpcVersion).toBe(1);
    expect(version.availableRequests).toContain('SetCurrentProgramScene');
  });

  it('rejects a wrong password with close code 4009', async () => {
    const obs = new OBSWebSocket();
    obs.on('ConnectionError', () => undefined);
    clients.push(obs);
    const closed = new Promise<OBSWebSocketError>((resolve) => obs.once('ConnectionClosed', resolve));
    const error = await obs.connect(url, `${env().password}-wrong`, { rpcVersion: 1 }).then(
      () => undefined,
      (err: unknown) => err,
    );
    expect(error).toBeInstanceOf(OBSWebSocketError);
    expect((error as OBSWebSocketError).code).toBe(4009);
    expect((await closed).code).toBe(4009);
  });

  it('lists the five configured scenes', async () => {
    const obs = await connect();
    const { scenes } = await obs.call('GetSceneList');
    const names = scenes.map((s) => String(s.sceneName));
    expect([...names].sort()).toEqual([...OBS_SCENES].sort());
  });

  it('switches the program scene and emits CurrentProgramSceneChanged', async () => {
    const obs = await connect();
    const changed = waitForEvent(obs, 'CurrentProgramSceneChanged', (e) => e.sceneName === 'weather');
    const started = Date.now();
    await obs.call('SetCurrentProgramScene', { sceneName: 'weather' });
    const event = await changed;
    expect(event.sceneName).toBe('weather');
    expect(Date.now() - started).toBeLessThan(EVENT_TIMEOUT_MS);
    const current = await obs.call('GetCurrentProgramScene');
    expect(current.currentProgramSceneName).toBe('weather');
  });

  it('updates the AI News Content text source settings', async () => {
    const obs = await connect();
    const { inputKind } = await obs
      .call('GetInputList')
      .then(({ inputs }) => inputs.find((i) => i.inputName === OBS_TEXT_SOURCE) ?? { inputKind: undefined });
    expect(inputKind).toBe('text_ft2_source_v2');
    await obs.call('SetInputSettings', {
      inputName: OBS_TEXT_SOURCE,
      inputSettings: { text: 'Eilmeldung' },
      overlay: true,
    });
    const { inputSettings } = await obs.call('GetInputSettings', { inputName: OBS_TEXT_SOURCE });
    expect(inputSettings.text).toBe('Eilmeldung');
  });

  it('streams to the RTMP sink and stops again', async () => {
    const obs = await connect();

    const active = waitForEvent(obs, 'StreamStateChanged', (e) => e.outputActive, 20_000);
    await obs.call('StartStream');
    const startedEvent = await active;
    expect(startedEvent.outputState).toBe('OBS_WEBSOCKET_OUTPUT_STARTED');

    const first = await pollUntil(
      () => obs.call('GetStreamStatus'),
      (s) => s.outputActive && s.outputBytes > 0,
      10_000,
    );
    const second = await pollUntil(
      () => obs.call('GetStreamStatus'),
      (s) => s.outputBytes > first.outputBytes,
      10_000,
    );
    expect(second.outputActive).toBe(true);
    expect(second.outputBytes).toBeGreaterThan(first.outputBytes);

    // the nginx-rtmp sink really accepted the publish
    const logs = await env().logs();
    expect(logs['nginx-error']).toContain(`publish: name='${RTMP_STREAM_KEY}'`);

    const stats = await obs.call('GetStats');
    expect(typeof stats.cpuUsage).toBe('number');
    expect(typeof stats.activeFps).toBe('number');
    expect(stats.activeFps).toBeGreaterThan(0);

    const inactive = waitForEvent(
      obs,
      'StreamStateChanged',
      (e) => !e.outputActive && e.outputState === 'OBS_WEBSOCKET_OUTPUT_STOPPED',
      20_000,
    );
    await obs.call('StopStream');
    await inactive;
    const stopped = await pollUntil(
      () => obs.call('GetStreamStatus'),
      (s) => !s.outputActive,
      10_000,
    );
    expect(stopped.outputActive).toBe(false);
  }, 60_000);
});
