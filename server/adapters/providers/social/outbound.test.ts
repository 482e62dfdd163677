// Outbound calls of the social adapters: a media address from input goes through the one SSRF guard (no loopback,
// link-local or private host; redirects checked too), and a platform that never answers ends by a time limit.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, expect, test, vi } from 'vitest';
import { createCredentials } from '../credentials';
import { telegram, youtube, type AdapterContext } from './adapters';
import { platformFetch, PlatformError } from './http';
import type { TokenStore } from './token-store';

let silent: http.Server;
let silentUrl = '';
let redirecting: http.Server;
let redirectUrl = '';

beforeAll(async () => {
  // Accepts the connection and never answers.
  silent = http.createServer(() => undefined);
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  silentUrl = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
  // Sends the media fetch on to another address, over and over.
  redirecting = http.createServer((req, res) => res.writeHead(302, { Location: `${req.url ?? '/'}x` }).end());
  await new Promise<void>((resolve) => redirecting.listen(0, '127.0.0.1', resolve));
  redirectUrl = `http://127.0.0.1:${(redirecting.address() as AddressInfo).port}/clip.mp4`;
});
afterAll(async () => {
  silent.closeAllConnections();
  await new Promise((resolve) => silent.close(resolve));
  await new Promise((resolve) => redirecting.close(resolve));
});

afterEach(() => vi.restoreAllMocks());

/** The requests sent (counted where they leave, so a loaded host cannot miss one that the silent host had no time to read). */
const countSends = () => vi.spyOn(globalThis, 'fetch');

const context = (allowPrivate: boolean): AdapterContext => ({
  credentials: createCredentials({ YOUTUBE_API_URL: silentUrl }),
  tokens: { get: async () => ({ state: 'active', accessToken: 'ya29.token' }) } as unknown as TokenStore,
  retry: { retries: 0, baseDelayMs: 1, multiplier: 2 },
  pollMs: 1,
  pollAttempts: 1,
  allowPrivate,
});

test("a post's media address naming an internal host is refused before anything is fetched", async () => {
  for (const mediaUrl of ['http://169.254.169.254/latest/meta-data/', redirectUrl]) {
    const refused = await youtube(context(false), { content: 'Clip', mediaType: 'video', mediaUrl }).catch(
      (e: unknown) => e,
    );
    expect(refused).toBeInstanceOf(PlatformError);
    expect((refused as PlatformError).message).toMatch(
      /^Das Video konnte nicht geladen werden: .*(intern|privat|nicht erlaubt)/i,
    );
    expect((refused as PlatformError).kind).toBe('rejected');
  }
});

test('the media fetch follows no endless redirects, even where private hosts are allowed', async () => {
  const refused = await youtube(context(true), { content: 'Clip', mediaType: 'video', mediaUrl: redirectUrl }).catch(
    (e: unknown) => e,
  );
  expect(refused).toBeInstanceOf(PlatformError);
  expect((refused as PlatformError).message).toBe('Das Video konnte nicht geladen werden: Zu viele Weiterleitungen.');
});

test('a platform that never answers a post ends by the time limit; the post is not sent again, since it may have arrived', async () => {
  const sends = countSends();
  const failed = await platformFetch(
    'telegram',
    `${silentUrl}/botX/sendMessage`,
    { method: 'POST', body: '{}' },
    { retry: { retries: 3, baseDelayMs: 1, multiplier: 2 }, secrets: [], timeoutMs: 300, publishes: true },
  ).catch((e: unknown) => e);
  expect(failed).toBeInstanceOf(PlatformError);
  expect((failed as PlatformError).message).toBe(
    'Telegram antwortet nicht (keine Antwort nach 0 s). Ob Telegram den Post angenommen hat, ist unklar – bitte dort prüfen, bevor er erneut gesendet wird.',
  );
  expect((failed as PlatformError).retryable).toBe(false);
  expect(sends).toHaveBeenCalledTimes(1);
});

test('a read that is never answered ends by the time limit and may be tried again', async () => {
  const sends = countSends();
  const failed = await platformFetch(
    'telegram',
    `${silentUrl}/botX/getMe`,
    { method: 'GET' },
    { retry: { retries: 2, baseDelayMs: 1, multiplier: 2 }, secrets: [], timeoutMs: 300 },
  ).catch((e: unknown) => e);
  expect((failed as PlatformError).message).toBe('Telegram antwortet nicht (keine Antwort nach 0 s).');
  expect((failed as PlatformError).retryable).toBe(true);
  expect(sends).toHaveBeenCalledTimes(3);
});

test('a post the platform took (2xx) but answered unreadably or without its id is uncertain, not refused', async () => {
  // Telegram's sendMessage answers {ok: true, result: Message} (core.telegram.org/bots/api#making-requests).
  const answers = [
    '{"ok":true,"result":{"message_id"',
    '{"ok":true,"result":{}}',
    '{"ok":true,"result":{"message_id":7}}',
  ];
  const telegramHost = http.createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'application/json' }).end(answers.shift());
  });
  await new Promise<void>((resolve) => telegramHost.listen(0, '127.0.0.1', resolve));
  try {
    const ctx: AdapterContext = {
      ...context(true),
      credentials: createCredentials({
        TELEGRAM_API_URL: `http://127.0.0.1:${(telegramHost.address() as AddressInfo).port}`,
        TELEGRAM_BOT_TOKEN: '123456:ABC-bot-token',
        TELEGRAM_CHAT_ID: '@newsdesk',
      }),
    };
    for (const what of ['die Antwort ließ sich aber nicht lesen', 'aber ohne Kennung des Posts geantwortet']) {
      const failed = await telegram(ctx, { content: 'Meldung' }).catch((e: unknown) => e);
      expect(failed).toBeInstanceOf(PlatformError);
      expect((failed as PlatformError).kind).toBe('uncertain');
      expect((failed as PlatformError).message).toBe(
        `Telegram hat den Post mit HTTP 200 angenommen, ${what}. Ob er erschienen ist, ist unklar – bitte dort prüfen, bevor er erneut gesendet wird.`,
      );
    }
    expect(await telegram(ctx, { content: 'Meldung' })).toEqual({ remoteId: '7' });
  } finally {
    await new Promise((resolve) => telegramHost.close(resolve));
  }
});
