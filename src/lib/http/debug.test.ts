import { afterEach, describe, expect, test, vi } from 'vitest';
import { clearSecrets, registerSecret } from '@/lib/security/redact';
import { logRequest, redactUrl, setDebugLogging } from './debug';

afterEach(() => {
  setDebugLogging(false);
  clearSecrets();
  vi.restoreAllMocks();
});

describe('debug request logging', () => {
  test('is silent while off', () => {
    const debug = vi.spyOn(console, 'debug').mockImplementation(() => undefined);
    logRequest('GET', 'https://x.test/a', 200, 5);
    expect(debug).not.toHaveBeenCalled();
  });

  test('prints method, redacted URL, status and duration while on', () => {
    const debug = vi.spyOn(console, 'debug').mockImplementation(() => undefined);
    registerSecret('registered-SECRET-99');
    setDebugLogging(true);
    logRequest('POST', 'https://x.test/a/registered-SECRET-99?access_token=abc123&q=news', 503, 12.4);
    expect(debug).toHaveBeenCalledTimes(1);
    const line = String(debug.mock.calls[0]?.[0]);
    expect(line).toBe('[http] POST https://x.test/a/[REDACTED]?access_token=[REDACTED]&q=news → 503 (12 ms)');
  });

  test('redactUrl keeps harmless parameters and hides key-like ones', () => {
    expect(redactUrl('https://x.test/p?apiKey=k1&page=2&code=c')).toBe(
      'https://x.test/p?apiKey=[REDACTED]&page=2&code=REDACTED',
    );
    expect(redactUrl('not a url token=abc')).toBe('not a url token=[REDACTED]');
  });
});
