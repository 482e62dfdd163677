import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from 'vitest';
import { maskKey, resolveSecret, seal, unseal } from './key-store';

test('a sealed key opens with its secret and provider only; another secret or provider gives undefined, not a crash', () => {
  const secret = randomBytes(32);
  const sealed = seal(secret, 'openai', 'sk-live-abcdef123456');
  expect(sealed).not.toContain('sk-live');
  expect(unseal(secret, 'openai', sealed)).toBe('sk-live-abcdef123456');
  expect(unseal(randomBytes(32), 'openai', sealed)).toBeUndefined();
  expect(unseal(secret, 'heygen', sealed)).toBeUndefined();
  expect(unseal(secret, 'openai', 'kaputt')).toBeUndefined();
  expect(seal(secret, 'openai', 'x')).not.toBe(seal(secret, 'openai', 'x'));
});

test('the secret is generated once into the data folder with mode 0600; NEWSDESK_SECRET_KEY wins', async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'newsdesk-secret-'));
  try {
    const first = resolveSecret(undefined, dir);
    expect(first.generated).toBe(true);
    expect((await stat(path.join(dir, 'secret-key'))).mode & 0o777).toBe(0o600);
    const again = resolveSecret(undefined, dir);
    expect(again.generated).toBe(false);
    expect(again.key.equals(first.key)).toBe(true);
    expect(resolveSecret('ein-geheimnis-mit-mehr-als-32-zeichen!', dir).key.equals(first.key)).toBe(false);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('the masked form keeps a short prefix and the last four characters only', () => {
  expect(maskKey('sk-proj-abcdefghijklmnop')).toBe('sk-…mnop');
  expect(maskKey('0123456789abcdef')).toBe('…cdef');
  expect(maskKey('short')).toBe('••••');
});
