// @vitest-environment node
/**
 * The Newsdesk server connected to a REAL OBS Studio (the harness in this folder): /obs/* over the server's own
 * obs-websocket connection, OBS events on the server's event stream, and a wrong password that fails in German once.
 * OBS is started once for the file; ports from the obs-server range (4320-4329).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { OBSWebSocket } from 'obs-websocket-js/json';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv } from '../../server/env';
import { startServer, type Running } from '../../server/server';
import { OBS_SCENES, OBS_TEXT_SOURCE, RTMP_STREAM_KEY, startObs, type ObsHarness } from './obs-harness';

const TOKEN = 'server-obs-integration-token-0123';
const WRONG = 'definitely-not-the-password';
let obs: ObsHarness | undefined;
let newsdesk: Running | undefined;
let dataDir = '';
const logged: string[] = [];
const original = { log: console.log, error: console.error };

async function api(pathAndQuery: string, init: RequestInit = {}): Promise<Response> {
  if (!newsdesk) throw new Error('server not started');
  return fetch(`${newsdesk.url}/api${pathAndQuery}`, {
    ...init,
    headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json', ...init.headers },
  });
}
const json = async <T>(pending: Response | Promise<Response>): Promise<T> => {
  const response = await pending;
  if (!response.ok) throw new Error(`${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
};

async function until<T>(fn: () => Promise<T>, ok: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await fn();
    if (ok(value)) return value;
    if (Date.now() > deadline) throw new Error(`not reached in ${timeoutMs} ms: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The server's event stream, collecting its `obs` events. */
async function openEvents(): Promise<{ events: Array<Record<string, unknown>>; close: () => void }> {
  const { ticket } = await json<{ ticket: string }>(await api('/events/ticket', { method: 'POST' }));
  const controller = new AbortController();
  const response = await fetch(`${newsdesk?.url}/api/events?ticket=${encodeURIComponent(ticket)}`, {
    signal: controller.signal,
  });
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const events: Array<Record<string, unknown>> = [];
  void (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
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

describe('the Newsdesk server drives a real OBS Studio', () => {
  beforeAll(async () => {
    obs = await startObs({ ports: { ws: 4321, rtmp: 4322 } });
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'newsdesk-obs-server-'));
    const url = `ws://${obs.host}:${obs.port}`;
    // The server's own log lines are kept to prove the password never appears in them.
    console.log = (...args: unknown[]) => void logged.push(args.map(String).join(' '));
    console.error = console.log;
    newsdesk = await startServer(
      parseEnv({
        PORT: '4323',
        HOST: '127.0.0.1',
        NEWSDESK_TOKEN: TOKEN,
        NEWSDESK_DATA_DIR: dataDir,
        OBS_URL: url,
        OBS_PASSWORD: obs.password,
        OBS_NAME: 'Studio',
        OBS_INSTANCES: JSON.stringify([{ name: 'Falsch', url, password: WRONG }]),
      }),
    );
    await until(
      () => json<Array<{ name: string; state: string }>>(api('/obs/instances')),
      (list) => list.every((i) => i.state !== 'connecting'),
    );
  }, 90_000);

  afterAll(async () => {
    try {
      if (newsdesk && (await json<{ streaming: boolean }>(await api('/obs/status'))).streaming)
        await api('/obs/stream/stop', { method: 'POST' });
    } catch {
      // OBS may already be gone; stop() kills it anyway.
    }
    await newsdesk?.stop();
    await obs?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
    Object.assign(console, original);
  }, 30_000);

  it('lists the instances: the right password connected, the wrong one failed in German, no password in the answer', async () => {
    const response = await api('/obs/instances');
    const text = await response.clone().text();
    expect(text).not.toContain(obs?.password);
    expect(text).not.toContain(WRONG);
    const list = await json<Array<{ name: string; state: string; message?: string }>>(response);
    expect(list.map((i) => [i.name, i.state])).toEqual([
      ['Studio', 'connected'],
      ['Falsch', 'auth-failed'],
    ]);
    expect(list[1].message).toBe(
      'Falsches Passwort – OBS hat die Anmeldung abgelehnt (Code 4009). Es wird kein neuer Versuch unternommen.',
    );
  });

  it('a wrong password gives the German failure and no reconnect loop', async () => {
    const status = await json<{ connected: boolean; state: string; code: number; message: string }>(
      await api('/obs/status?instance=Falsch'),
    );
    expect(status).toMatchObject({ connected: false, state: 'auth-failed', code: 4009 });
    expect(status.message).toBe(
      'Falsches Passwort – OBS hat die Anmeldung abgelehnt (Code 4009). Es wird kein neuer Versuch unternommen.',
    );
    const scenes = await api('/obs/scenes?instance=Falsch');
    expect(scenes.status).toBe(503);
    expect(((await scenes.json()) as { message: string }).message).toBe(
      'Nicht mit OBS verbunden: Falsches Passwort – OBS hat die Anmeldung abgelehnt (Code 4009). Es wird kein neuer Versuch unternommen.',
    );
    // One attempt, one log line; a loop would log 'nächster Versuch' again and again.
    const lines = logged.filter((l) => l.includes('[obs:Falsch]'));
    expect(lines).toEqual([
      '[obs:Falsch] Falsches Passwort – OBS hat die Anmeldung abgelehnt (Code 4009). Es wird kein neuer Versuch unternommen.',
    ]);
    expect(logged.join('\n')).not.toContain(WRONG);
    expect(logged.join('\n')).not.toContain(obs?.password);
  });

  it('lists the scenes and switches the program scene', async () => {
    const scenes = await json<Array<{ name: string }>>(await api('/obs/scenes'));
    expect(scenes.map((s) => s.name).sort()).toEqual([...OBS_SCENES].sort());
    expect(
      await json(await api('/obs/scene', { method: 'POST', body: JSON.stringify({ sceneName: 'weather' }) })),
    ).toMatchObject({ success: true });
    // Checked on OBS itself, over a connection of the test's own.
    const direct = new OBSWebSocket();
    direct.on('ConnectionError', () => undefined);
    await direct.connect(`ws://${obs?.host}:${obs?.port}`, obs?.password, { rpcVersion: 1 });
    try {
      expect((await direct.call('GetCurrentProgramScene')).currentProgramSceneName).toBe('weather');
    } finally {
      await direct.disconnect();
    }
    const missing = await api('/obs/control', {
      method: 'POST',
      body: JSON.stringify({ action: 'switchScene', sceneName: 'gibt-es-nicht' }),
    });
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { message: string }).message).toBe('Szene "gibt-es-nicht" nicht gefunden.');
  });

  it('sends quick text to the configured text source', async () => {
    expect(
      (
        await api('/obs/control', {
          method: 'POST',
          body: JSON.stringify({ action: 'setText', text: 'Eilmeldung aus dem Server' }),
        })
      ).status,
    ).toBe(200);
    const direct = new OBSWebSocket();
    direct.on('ConnectionError', () => undefined);
    await direct.connect(`ws://${obs?.host}:${obs?.port}`, obs?.password, { rpcVersion: 1 });
    try {
      expect((await direct.call('GetInputSettings', { inputName: OBS_TEXT_SOURCE })).inputSettings.text).toBe(
        'Eilmeldung aus dem Server',
      );
    } finally {
      await direct.disconnect();
    }
  });

  it('an OBS-side scene change arrives on the event stream', async () => {
    const stream = await openEvents();
    const direct = new OBSWebSocket();
    direct.on('ConnectionError', () => undefined);
    await direct.connect(`ws://${obs?.host}:${obs?.port}`, obs?.password, { rpcVersion: 1 });
    try {
      await direct.call('SetCurrentProgramScene', { sceneName: 'breaking' });
      await until(
        async () => stream.events,
        (events) => events.some((e) => e.type === 'scene' && e.sceneName === 'breaking' && e.instance === 'Studio'),
      );
      expect((await json<{ scene: string }>(await api('/obs/status'))).scene).toBe('breaking');
    } finally {
      stream.close();
      await direct.disconnect();
    }
  });

  it('starts and stops the stream (nginx-rtmp sees the publish), with health while live, and the state on the event stream', async () => {
    const stream = await openEvents();
    try {
      expect((await api('/obs/stream/start', { method: 'POST' })).status).toBe(200);
      const live = await until(
        () => json<{ streaming: boolean; health: { fps: number; totalFrames: number } | null }>(api('/obs/status')),
        (s) => s.streaming && (s.health?.totalFrames ?? 0) > 0,
        15_000,
      );
      expect(live.health?.fps).toBeGreaterThan(0);
      await until(
        async () => stream.events,
        (events) => events.some((e) => e.type === 'stream' && e.active === true && e.phase === 'started'),
      );
      const again = await api('/obs/stream/start', { method: 'POST' });
      expect(again.status).toBe(409);
      expect(((await again.json()) as { message: string }).message).toBe('Stream läuft bereits.');
      const logs = await obs?.logs();
      expect(logs?.['nginx-error']).toContain(`publish: name='${RTMP_STREAM_KEY}'`);
      expect((await api('/obs/stream/stop', { method: 'POST' })).status).toBe(200);
      await until(
        () => json<{ streaming: boolean }>(api('/obs/status')),
        (s) => !s.streaming,
        15_000,
      );
      await until(
        async () => stream.events,
        (events) => events.some((e) => e.type === 'stream' && e.active === false && e.phase === 'stopped'),
      );
    } finally {
      stream.close();
    }
  });
});
