import { buildTimeConfig, ConfigError, DEFAULT_API_BASE_URL, getConfig, loadConfig, parseConfig, setConfig } from './config';

const respond = (body: string, status = 200) => vi.fn<typeof fetch>(async () => new Response(body, { status, headers: { 'Content-Type': 'application/json' } }));

afterEach(() => setConfig(buildTimeConfig));

describe('deployment setting', () => {
  test('a valid config.json is used', async () => {
    const config = await loadConfig(respond('{"apiMode":"live","apiBaseUrl":"https://api.newsdesk.example/api"}'));
    expect(config).toEqual({ apiMode: 'live', apiBaseUrl: 'https://api.newsdesk.example/api' });
  });

  test('a missing config.json (404) falls back to the build-time default', async () => {
    await expect(loadConfig(respond('', 404))).resolves.toEqual(buildTimeConfig);
  });

  test("a host's HTML fallback page instead of config.json counts as missing", async () => {
    const html = vi.fn<typeof fetch>(async () => new Response('<!doctype html><html></html>', { status: 200, headers: { 'Content-Type': 'text/html; charset=utf-8' } }));
    await expect(loadConfig(html)).resolves.toEqual(buildTimeConfig);
  });

  test('an unreachable config.json (offline) falls back to the build-time default', async () => {
    await expect(loadConfig(vi.fn<typeof fetch>(async () => { throw new TypeError('Failed to fetch'); }))).resolves.toEqual(buildTimeConfig);
  });

  test('the build-time default is mock mode under the local development address', () => {
    expect(DEFAULT_API_BASE_URL).toBe('http://localhost:3000/api');
    expect(buildTimeConfig).toEqual({ apiMode: 'mock', apiBaseUrl: 'http://localhost:3000/api' });
    expect(getConfig()).toEqual(buildTimeConfig);
  });

  test('malformed JSON is a ConfigError with a German message', async () => {
    const error = await loadConfig(respond('{apiMode: mock')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toBe('Die Einstellung config.json ist kein gültiges JSON.');
  });

  test('a wrong mode or address is a ConfigError naming the fields, never a silent default', async () => {
    const error = await loadConfig(respond('{"apiMode":"demo","apiBaseUrl":"nicht-eine-url"}')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toBe('Die Einstellung config.json ist ungültig (apiMode, apiBaseUrl). Erwartet: apiMode "mock" oder "live" und eine gültige apiBaseUrl.');
  });

  test('a server error loading it is a ConfigError', async () => {
    await expect(loadConfig(respond('x', 500))).rejects.toThrow('Die Einstellung config.json konnte nicht geladen werden (HTTP 500).');
  });

  test('parseConfig rejects a non-object', () => {
    expect(() => parseConfig(null)).toThrow(ConfigError);
    expect(() => parseConfig(null)).toThrow('Die Einstellung config.json ist ungültig ((root)). Erwartet: apiMode "mock" oder "live" und eine gültige apiBaseUrl.');
  });
});
