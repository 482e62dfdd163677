// Signed addresses have a key of their own and an expiry: the console's stay put within a window, a platform's last a day.
import { createHmac } from 'node:crypto';
import { expect, test } from 'vitest';
import { UrlSigner } from './signing';

const HOUR = 3600_000;
const signer = new UrlSigner(Buffer.alloc(32, 7));
const parse = (query: string) => Object.fromEntries(new URLSearchParams(query)) as { exp: string; sig: string };

test('an address is valid until its expiry, then expired; another id, purpose or key makes it invalid', () => {
  const now = Date.UTC(2026, 10, 27, 9, 0, 0);
  const { exp, sig } = parse(signer.query('media', 'media-1', now / 1000 + 60));
  expect(signer.verify('media', 'media-1', exp, sig, now)).toBe('valid');
  expect(signer.verify('media', 'media-1', exp, sig, now + 61_000)).toBe('expired');
  expect(signer.verify('media', 'media-2', exp, sig, now)).toBe('invalid');
  expect(signer.verify('video', 'media-1', exp, sig, now)).toBe('invalid');
  expect(signer.verify('media', 'media-1', String(Number(exp) + 3600), sig, now)).toBe('invalid');
  expect(new UrlSigner('a-rotated-signing-secret-0123456789').verify('media', 'media-1', exp, sig, now)).toBe(
    'invalid',
  );
  expect(signer.verify('media', 'media-1', undefined, sig, now)).toBe('invalid');
  expect(signer.verify('media', 'media-1', exp, undefined, now)).toBe('invalid');
});

test('the signature is not the operator token’s: an address neither dies with the token nor reveals anything of it', () => {
  const token = 'operator-token-0123456789abcdef';
  const { sig } = parse(signer.query('media', 'media-1', 2_000_000_000));
  const tokenDerived = createHmac('sha256', token).update('media:media-1').digest('base64url').slice(0, 32);
  expect(sig).not.toBe(tokenDerived);
  expect(sig).toMatch(/^[\w-]{32}$/);
});

test('a console address stays the same within a 6-hour window and is valid for 6 to 12 hours', () => {
  const windowStart = Date.UTC(2026, 10, 27, 6, 0, 0);
  const early = signer.consoleQuery('media', 'm', windowStart + 1000);
  const late = signer.consoleQuery('media', 'm', windowStart + 6 * HOUR - 1000);
  expect(late).toBe(early);
  expect(Number(parse(early).exp) * 1000).toBe(windowStart + 12 * HOUR);
  expect(signer.consoleQuery('media', 'm', windowStart + 6 * HOUR)).not.toBe(early);
  const { exp, sig } = parse(late);
  expect(signer.verify('media', 'm', exp, sig, windowStart + 6 * HOUR - 1000 + 6 * HOUR)).toBe('valid');
});

test('a platform’s address is valid for a day from the send', () => {
  const now = Date.UTC(2026, 10, 27, 9, 30, 0);
  const { exp, sig } = parse(signer.platformQuery('media-9', now));
  expect(Number(exp) * 1000).toBe(now + 24 * HOUR);
  expect(signer.verify('media', 'media-9', exp, sig, now + 23 * HOUR)).toBe('valid');
  expect(signer.verify('media', 'media-9', exp, sig, now + 25 * HOUR)).toBe('expired');
});
