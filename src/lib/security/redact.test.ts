import { clearSecrets, redact, redactValue, registerSecret, unregisterSecret } from './redact';

afterEach(() => clearSecrets());

describe('redact', () => {
  test('removes a registered secret wherever it appears: URL, JSON body, message', () => {
    registerSecret('abcd-1234-geheim');
    expect(redact('https://api.example/v1/me?access=abcd-1234-geheim&x=1')).toBe(
      'https://api.example/v1/me?access=[REDACTED]&x=1',
    );
    expect(redact('{"k":"abcd-1234-geheim"}')).toBe('{"k":"[REDACTED]"}');
    expect(redact('invalid abcd-1234-geheim!')).toBe('invalid [REDACTED]!');
  });

  test('a longer secret containing a shorter one is removed whole', () => {
    registerSecret('key-1');
    registerSecret('key-1-extended');
    expect(redact('a key-1-extended b key-1')).toBe('a [REDACTED] b [REDACTED]');
  });

  test('credential-shaped text is redacted even when not registered', () => {
    expect(redact('token Bearer eyJhbGciOi.abc')).toBe('token Bearer [REDACTED]');
    expect(redact('Authorization: Bearer eyJhbGciOi.abc')).not.toContain('eyJhbGciOi');
    expect(redact('?api_key=xyz987&q=1')).toBe('?api_key=[REDACTED]&q=1');
    expect(redact('{"password":"obs-pw"}')).toBe('{"password":"[REDACTED]"}');
    expect(redact('xi-api-key: sk_123')).toBe('xi-api-key: [REDACTED]');
  });

  test('very short values are not registered (they would blank out ordinary text); unregister forgets', () => {
    registerSecret('ab');
    expect(redact('ab cd')).toBe('ab cd');
    registerSecret('long-secret');
    unregisterSecret('long-secret');
    expect(redact('long-secret')).toBe('long-secret');
  });

  test('redactValue: secret-named fields and registered values in nested objects', () => {
    registerSecret('tok-5555');
    expect(
      redactValue({
        apiKey: 'x',
        nested: { password: 'y', note: 'mit tok-5555' },
        list: ['tok-5555'],
        n: 3,
        empty: '',
      }),
    ).toEqual({
      apiKey: '[REDACTED]',
      nested: { password: '[REDACTED]', note: 'mit [REDACTED]' },
      list: ['[REDACTED]'],
      n: 3,
      empty: '',
    });
  });
});
