import {
  buildTimeConfig,
  ConfigError,
  DEFAULT_API_BASE_URL,
  getConfig,
  loadConfig,
  parseConfig,
  setConfig,
  type LiveSettingMemory,
  type RuntimeConfig,
} from './config';

/** A browser's memory of its last live setting, in a variable. */
function memory(initial: RuntimeConfig | null = null): LiveSettingMemory & { stored: RuntimeConfig | null } {
  const m = {
    stored: initial,
    read: async () => m.stored,
    write: async (config: RuntimeConfig) => {
      m.stored = config;
    },
  };
  return m;
}
const LIVE: RuntimeConfig = { apiMode: 'live', apiBaseUrl: 'https://api.newsdesk.example/api' };
const offline = () =>
  vi.fn<typeof fetch>(async () => {
    throw new TypeError('Failed to fetch');
  });

const respond = (body: string, status = 200) =>
  vi.fn<typeof fetch>(async () => new Response(body, { status, headers: { 'Content-Type': 'application/json' } }));

afterEach(() => setConfig(buildTimeConfig));

describe('deployment setting', () => {
  test('a valid config.json is used', async () => {
    const { config, notice } = await loadConfig(
      respond('{"apiMode":"live","apiBaseUrl":"https://api.newsdesk.example/api"}'),
      memory(),
    );
    expect(config).toEqual({ apiMode: 'live', apiBaseUrl: 'https://api.newsdesk.example/api' });
    expect(notice).toBeNull();
  });

  test('a missing config.json (404) falls back to the build-time default', async () => {
    await expect(loadConfig(respond('', 404), memory())).resolves.toEqual({ config: buildTimeConfig, notice: null });
  });

  test("a host's HTML fallback page instead of config.json counts as missing", async () => {
    const html = vi.fn<typeof fetch>(
      async () =>
        new Response('<!doctype html><html></html>', {
          status: 200,
          headers: { 'Content-Type': 'text/html; charset=utf-8' },
        }),
    );
    await expect(loadConfig(html, memory())).resolves.toEqual({ config: buildTimeConfig, notice: null });
  });

  test('an unreachable config.json (offline) on a browser that never ran live falls back to the build-time default', async () => {
    await expect(loadConfig(offline(), memory())).resolves.toEqual({ config: buildTimeConfig, notice: null });
  });

  test('a live setting is remembered; a browser that has run live keeps it when config.json is missing or unreachable', async () => {
    const mem = memory();
    await loadConfig(respond(JSON.stringify(LIVE)), mem);
    await vi.waitFor(() => expect(mem.stored).toEqual(LIVE));
    await expect(loadConfig(offline(), mem)).resolves.toEqual({ config: LIVE, notice: 'last-live' });
    await expect(loadConfig(respond('', 404), mem)).resolves.toEqual({ config: LIVE, notice: 'last-live' });
  });

  test('a mock config.json is used as it says and does not erase the remembered live setting', async () => {
    const mem = memory(LIVE);
    await expect(
      loadConfig(respond('{"apiMode":"mock","apiBaseUrl":"http://localhost:3000/api"}'), mem),
    ).resolves.toEqual({ config: { apiMode: 'mock', apiBaseUrl: 'http://localhost:3000/api' }, notice: null });
    expect(mem.stored).toEqual(LIVE);
  });

  test('a malformed config.json stops the start even when a live setting is remembered', async () => {
    await expect(loadConfig(respond('{apiMode'), memory(LIVE))).rejects.toThrow(
      'Die Einstellung config.json ist kein gültiges JSON.',
    );
  });

  test('the build-time default is mock mode under the local development address', () => {
    expect(DEFAULT_API_BASE_URL).toBe('http://localhost:3000/api');
    expect(buildTimeConfig).toEqual({ apiMode: 'mock', apiBaseUrl: 'http://localhost:3000/api' });
    expect(getConfig()).toEqual(buildTimeConfig);
  });

  test('malformed JSON is a ConfigError with a German message', async () => {
    const error = await loadConfig(respond('{apiMode: mock'), memory()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toBe('Die Einstellung config.json ist kein gültiges JSON.');
  });

  test('a wrong mode or address is a ConfigError naming the fields, never a silent default', async () => {
    const error = await loadConfig(respond('{"apiMode":"demo","apiBaseUrl":"nicht-eine-url"}'), memory()).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toBe(
      'Die Einstellung config.json ist ungültig (apiMode, apiBaseUrl). Erwartet: apiMode "mock" oder "live" und eine gültige apiBaseUrl.',
    );
  });

  test('a server error loading it is a ConfigError', async () => {
    await expect(loadConfig(respond('x', 500), memory())).rejects.toThrow(
      'Die Einstellung config.json konnte nicht geladen werden (HTTP 500).',
    );
  });

  test('parseConfig rejects a non-object', () => {
    expect(() => parseConfig(null)).toThrow(ConfigError);
    expect(() => parseConfig(null)).toThrow(
      'Die Einstellung config.json ist ungültig ((root)). Erwartet: apiMode "mock" oder "live" und eine gültige apiBaseUrl.',
    );
  });
});
