import { obsSim } from '@/mocks/store/obs';
import { db } from '@/db/db';
import { REDACTED, redact } from '@/lib/security/redact';
import {
  connectObs,
  disconnectObs,
  getObsState,
  resetObsConnection,
  setSourceText,
  startStream,
  stopStream,
  switchScene,
  testObsConnection,
} from './connection';
import { ObsConnectError, ObsNotConnectedError, ObsRequestError } from './errors';
import { closeReasonMessage, connectFailureMessage } from './messages';

const PASSWORD = 'newsdesk-obs';
const endpoint = { host: 'localhost', port: 4455, password: PASSWORD };

async function until(check: () => boolean, timeout = 5000): Promise<void> {
  await vi.waitFor(
    () => {
      if (!check()) throw new Error('condition not reached');
    },
    { timeout, interval: 10 },
  );
}

/**
 * A fake setTimeout that still moves with real time (so the handshake runs as usual): a test can then jump far past
 * every back-off delay and see that no reconnect was due, instead of sleeping and hoping.
 */
function fakeClock(): void {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
}
const PAST_EVERY_BACKOFF_MS = 120_000;

afterEach(async () => {
  vi.useRealTimers();
  await resetObsConnection();
});

test('connects with the password (v5 auth challenge) and loads versions, scenes and the program scene', async () => {
  await connectObs(endpoint);
  const state = getObsState();
  expect(state.status).toBe('connected');
  expect(state.url).toBe('ws://localhost:4455');
  expect(state.versions).toEqual({ obsVersion: '29.0.2 (simuliert)', obsWebSocketVersion: '5.1.0', rpcVersion: 1 });
  expect(state.scenes).toEqual(['main-studio', 'intro', 'weather', 'breaking', 'outro']);
  expect(state.currentScene).toBe('main-studio');
  expect(state.streaming).toBe(false);
});

test('any host on port 4455 reaches the simulated OBS', async () => {
  await connectObs({ ...endpoint, host: 'obs.studio.example' });
  expect(getObsState().status).toBe('connected');
});

test('a wrong password ends in auth-failed (close 4009) and is never retried', async () => {
  fakeClock();
  const error = await connectObs({ ...endpoint, password: 'wrong-password' }).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ObsConnectError);
  expect((error as ObsConnectError).failure).toMatchObject({ kind: 'auth', code: 4009 });
  expect(getObsState().status).toBe('auth-failed');
  await vi.advanceTimersByTimeAsync(PAST_EVERY_BACKOFF_MS);
  expect(vi.getTimerCount()).toBe(0);
  expect(obsSim.connectionAttempts()).toBe(1);
  expect(getObsState()).toMatchObject({ status: 'auth-failed', reconnect: null });
});

test('a missing password against an OBS that asks for one is an auth failure too', async () => {
  await expect(connectObs({ ...endpoint, password: '' })).rejects.toMatchObject({
    failure: { kind: 'auth', code: 4009 },
  });
});

test('the password is registered as a secret and never reaches the error log', async () => {
  await connectObs({ ...endpoint, password: 'geheim-passwort-42' }).catch(() => undefined);
  expect(redact('pw geheim-passwort-42')).toBe(`pw ${REDACTED}`);
  // The failed connect is logged once the write lands; wait for it rather than for a while.
  await vi.waitFor(async () => expect(await db.errorLog.count()).toBeGreaterThan(0));
  const entries = await db.errorLog.toArray();
  expect(JSON.stringify(entries)).not.toContain('geheim-passwort-42');
  expect(JSON.stringify(getObsState())).not.toContain('geheim-passwort-42');
});

test('an unreachable OBS fails to connect with kind connect', async () => {
  obsSim.setReachable(false);
  await expect(connectObs(endpoint)).rejects.toMatchObject({ failure: { kind: 'connect' } });
  expect(getObsState().status).toBe('disconnected');
});

test('switching scenes uses SetCurrentProgramScene; a switch in OBS itself is followed too', async () => {
  await connectObs(endpoint);
  await switchScene('weather');
  expect(obsSim.currentScene()).toBe('weather');
  expect(getObsState().currentScene).toBe('weather');
  obsSim.switchScene('breaking');
  await until(() => getObsState().currentScene === 'breaking');
});

test('an unknown scene is refused by OBS with code 600', async () => {
  await connectObs(endpoint);
  await expect(switchScene('nope')).rejects.toMatchObject({ code: 600 });
  expect(getObsState().currentScene).toBe('main-studio');
});

test('SceneListChanged refreshes the list', async () => {
  await connectObs(endpoint);
  obsSim.setScenes([...obsSim.scenes(), { id: 'sport', name: 'sport', description: 'Sport' }]);
  await until(() => getObsState().scenes.includes('sport'));
  expect(getObsState().scenes).toEqual(['main-studio', 'intro', 'weather', 'breaking', 'outro', 'sport']);
});

test('commands without a connection throw "Not connected to OBS"', async () => {
  await expect(switchScene('weather')).rejects.toBeInstanceOf(ObsNotConnectedError);
  await expect(startStream()).rejects.toThrow('Not connected to OBS');
  await expect(setSourceText('AI News Content', 'x')).rejects.toThrow('Not connected to OBS');
});

test('streaming follows StreamStateChanged and health is sampled while streaming', async () => {
  await connectObs(endpoint);
  await startStream();
  expect(getObsState().streaming).toBe(false);
  await until(() => getObsState().streaming);
  expect(getObsState().streamPhase).toBe('started');
  await until(() => (getObsState().health?.bitrateKbps ?? 0) > 0, 4000);
  const health = getObsState().health;
  expect(health?.fps).toBe(30);
  expect(health?.congestion).toBe(0);
  await stopStream();
  await until(() => !getObsState().streaming);
  expect(getObsState().health).toBeNull();
});

test('a second StartStream while running is refused (OutputRunning 500)', async () => {
  await connectObs(endpoint);
  await startStream();
  await until(() => getObsState().streaming);
  await expect(startStream()).rejects.toBeInstanceOf(ObsRequestError);
});

test('quick text sets the source text with SetInputSettings; a missing source says which', async () => {
  await connectObs(endpoint);
  await setSourceText('AI News Content', 'Eilmeldung');
  expect(obsSim.input('AI News Content')?.settings.text).toBe('Eilmeldung');
  const error = await setSourceText('Gibt es nicht', 'x').catch((e: unknown) => e);
  expect(error).toMatchObject({ code: 600 });
  expect((error as Error).message).toContain('Gibt es nicht');
});

test('a dropped connection reconnects with back-off', async () => {
  await connectObs(endpoint);
  obsSim.dropConnections(1001, 'Going away');
  await until(() => getObsState().status === 'reconnecting');
  expect(getObsState().reconnect).toEqual({ attempt: 1, delayMs: 1000 });
  await until(() => getObsState().status === 'connected', 4000);
  expect(getObsState().reconnect).toBeNull();
  expect(obsSim.connectionAttempts()).toBe(2);
});

test('reconnect attempts back off while OBS stays away, and a disconnect stops them', async () => {
  fakeClock();
  await connectObs(endpoint);
  obsSim.setReachable(false);
  obsSim.dropConnections(1001, 'Going away');
  await until(() => getObsState().reconnect?.attempt === 1);
  expect(vi.getTimerCount()).toBe(1);
  await vi.advanceTimersByTimeAsync(1000);
  await until(() => getObsState().reconnect?.attempt === 2);
  expect(getObsState().reconnect?.delayMs).toBe(2000);
  await disconnectObs();
  expect(getObsState().status).toBe('disconnected');
  expect(vi.getTimerCount()).toBe(0);
  const attempts = obsSim.connectionAttempts();
  await vi.advanceTimersByTimeAsync(PAST_EVERY_BACKOFF_MS);
  expect(obsSim.connectionAttempts()).toBe(attempts);
  expect(getObsState()).toMatchObject({ status: 'disconnected', reconnect: null });
});

test('a reconnect refused for the password stops at auth-failed', async () => {
  fakeClock();
  await connectObs(endpoint);
  obsSim.setPassword('changed-in-obs');
  obsSim.dropConnections(1001, 'Going away');
  await until(() => getObsState().status === 'reconnecting');
  await vi.advanceTimersByTimeAsync(1000);
  await until(() => getObsState().status === 'auth-failed');
  await vi.advanceTimersByTimeAsync(PAST_EVERY_BACKOFF_MS);
  expect(vi.getTimerCount()).toBe(0);
  expect(obsSim.connectionAttempts()).toBe(2);
  expect(getObsState()).toMatchObject({ status: 'auth-failed', reconnect: null });
});

test('Test opens its own connection and leaves the app connection alone', async () => {
  const versions = await testObsConnection(endpoint);
  expect(versions.obsWebSocketVersion).toBe('5.1.0');
  expect(getObsState().status).toBe('disconnected');
  await expect(testObsConnection({ ...endpoint, password: 'falsch-falsch' })).rejects.toMatchObject({
    failure: { kind: 'auth' },
  });
});

describe('close codes OBS sends on purpose stop the reconnect loop (obs-websocket v5 WebSocketCloseCode)', () => {
  // Fake timers only for the back-off: the simulated peer's socket events still run on the real event loop.
  const fakeBackOff = () => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  afterEach(() => vi.useRealTimers());

  const FINAL = [4000, 4002, 4003, 4004, 4005, 4006, 4007, 4008, 4010, 4011, 4012];

  test.each(FINAL)('close %i after connecting: status refused, no reconnect, a German reason', async (code) => {
    await connectObs(endpoint);
    fakeBackOff();
    obsSim.dropConnections(code, 'closed by OBS');
    await vi.waitFor(() => expect(getObsState().status).toBe('refused'));
    expect(getObsState().lastError).toMatchObject({ kind: 'refused', code });
    expect(getObsState().reconnect).toBeNull();
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    expect(obsSim.connectionAttempts()).toBe(1);
    expect(getObsState().status).toBe('refused');
    expect(closeReasonMessage(code)).toMatch(
      new RegExp(`\\(Code ${code}\\)\\. Es wird kein neuer Versuch unternommen\\.$`),
    );
  });

  test('a wrong password reported on a live connection (4009) ends in auth-failed without a reconnect', async () => {
    await connectObs(endpoint);
    fakeBackOff();
    obsSim.dropConnections(4009, 'Authentication failed.');
    await vi.waitFor(() => expect(getObsState().status).toBe('auth-failed'));
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    expect(obsSim.connectionAttempts()).toBe(1);
  });

  test('a kick from OBS (4011) says so in German', () => {
    expect(closeReasonMessage(4011)).toBe(
      'Die Sitzung wurde in OBS beendet (Sitzungsliste von obs-websocket) (Code 4011). Es wird kein neuer Versuch unternommen.',
    );
    expect(closeReasonMessage(4010)).toBe(
      'OBS unterstützt die Protokollversion der Konsole (RPC 1) nicht – bitte obs-websocket aktualisieren (Code 4010). Es wird kein neuer Versuch unternommen.',
    );
  });

  test.each([1006, 1001, 1011])('a dropped connection (%i) reconnects after the back-off', async (code) => {
    await connectObs(endpoint);
    fakeBackOff();
    obsSim.dropConnections(code, 'gone');
    await vi.waitFor(() => expect(getObsState().status).toBe('reconnecting'));
    expect(getObsState().reconnect).toEqual({ attempt: 1, delayMs: 1000 });
    expect(obsSim.connectionAttempts()).toBe(1);
    await vi.advanceTimersByTimeAsync(1000);
    await vi.waitFor(() => expect(getObsState().status).toBe('connected'));
    expect(obsSim.connectionAttempts()).toBe(2);
  });

  test('a reconnect that OBS refuses (4010 on Identify) stops there', async () => {
    await connectObs(endpoint);
    fakeBackOff();
    obsSim.setIdentifyRefusal({ code: 4010, reason: 'Your requested RPC version is not supported by this server.' });
    obsSim.dropConnections(1006, '');
    await vi.waitFor(() => expect(getObsState().status).toBe('reconnecting'));
    await vi.advanceTimersByTimeAsync(1000);
    await vi.waitFor(() => expect(getObsState().status).toBe('refused'));
    expect(getObsState().lastError).toMatchObject({ kind: 'refused', code: 4010 });
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    expect(obsSim.connectionAttempts()).toBe(2);
  });

  test('a first connect that OBS refuses (4011) rejects with the German reason and is not retried', async () => {
    obsSim.setIdentifyRefusal({ code: 4011, reason: 'kicked' });
    const error = await connectObs(endpoint).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ObsConnectError);
    expect((error as ObsConnectError).failure).toMatchObject({ kind: 'refused', code: 4011 });
    expect(getObsState().status).toBe('refused');
    expect(connectFailureMessage((error as ObsConnectError).failure).description).toBe(
      'Die Sitzung wurde in OBS beendet (Sitzungsliste von obs-websocket) (Code 4011). Es wird kein neuer Versuch unternommen.',
    );
  });
});
