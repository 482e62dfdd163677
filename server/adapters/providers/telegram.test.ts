import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Fake } from '../../../tests/fakes/fake-http';
import { shortTimeouts, startLateAnswer } from '../../../tests/fakes/late-answer';
import { startTelegram, TELEGRAM_TOKEN } from '../../../tests/fakes/telegram';
import { contractBody, createTestApp, errorBody, type TestApp } from '../../testing';

let telegram: Fake & { sent: () => { chat_id: unknown; text: unknown }[] };
let t: TestApp;

beforeAll(async () => {
  telegram = await startTelegram(0);
  t = await createTestApp({
    providerEnv: {
      TELEGRAM_API_URL: telegram.url,
      TELEGRAM_BOT_TOKEN: TELEGRAM_TOKEN,
      TELEGRAM_CHAT_ID: '@newsdesk_live',
    },
  });
});
afterAll(async () => {
  await t.close();
  await telegram.close();
});

test('POST /telegram/notify sends the notice by sendMessage to TELEGRAM_CHAT_ID and answers the message id', async () => {
  const answer = await contractBody(
    'telegram.notify',
    await t.call('/telegram/notify', { method: 'POST', json: { message: 'Wir sind live!' } }),
  );
  expect(answer).toEqual({ ok: true, id: '100' });
  expect(telegram.sent()).toEqual([{ chat_id: '@newsdesk_live', text: 'Wir sind live!' }]);
  expect(telegram.requests.at(-1)).toMatchObject({ method: 'POST', path: `/bot${TELEGRAM_TOKEN}/sendMessage` });
});

test('a rate limit is a retryable 503 in German; a wrong token a 502 that never shows the token', async () => {
  telegram.failNext(429);
  const limited = await t.call('/telegram/notify', { method: 'POST', json: { message: 'Noch einmal' } });
  expect(limited.status).toBe(503);
  expect((await errorBody(limited)).message).toBe(
    'Telegram: Anfragelimit erreicht (HTTP 429): Too Many Requests: retry after 5',
  );
  const wrong = await createTestApp({
    database: t.database,
    providerEnv: { TELEGRAM_API_URL: telegram.url, TELEGRAM_BOT_TOKEN: '999:wrong-token', TELEGRAM_CHAT_ID: '@x' },
  });
  try {
    const rejected = await wrong.call('/telegram/notify', { method: 'POST', json: { message: 'Hallo' } });
    expect(rejected.status).toBe(502);
    const text = await rejected.text();
    expect(text).toContain('Telegram lehnt den Schlüssel ab (HTTP 401): Unauthorized');
    expect(text).not.toContain('wrong-token');
  } finally {
    await wrong.close();
  }
});

test('without a chat id Telegram is not configured (503)', async () => {
  const bare = await createTestApp({
    database: t.database,
    providerEnv: { TELEGRAM_API_URL: telegram.url, TELEGRAM_BOT_TOKEN: TELEGRAM_TOKEN },
  });
  try {
    const response = await bare.call('/telegram/notify', { method: 'POST', json: { message: 'Hallo' } });
    expect(response.status).toBe(503);
    expect((await errorBody(response)).message).toBe('Telegram ist nicht konfiguriert.');
  } finally {
    await bare.close();
  }
});

test('a message Telegram took but did not answer in time is said to be uncertain and never sent again on a retry', async () => {
  // Telegram receives the message and answers only after the desk has given up waiting.
  const slow = await startLateAnswer({ ok: true, result: { message_id: 7 } });
  const received = slow.received;
  const desk = await createTestApp({
    database: t.database,
    providerEnv: { TELEGRAM_API_URL: slow.url, TELEGRAM_BOT_TOKEN: TELEGRAM_TOKEN, TELEGRAM_CHAT_ID: '@x' },
  });
  const restore = shortTimeouts();
  try {
    const send = () =>
      desk.call('/telegram/notify', {
        method: 'POST',
        headers: { 'Idempotency-Key': 'notify-uncertain-1' },
        json: { message: 'Wir sind live!' },
      });
    const first = await send();
    expect(first.status).toBe(502);
    const message =
      'Telegram antwortet nicht (Zeitüberschreitung). Die Nachricht ist möglicherweise trotzdem angekommen und wird nicht noch einmal gesendet – bitte in Telegram prüfen.';
    expect(await errorBody(first)).toEqual({ message, code: 'provider_uncertain' });
    // The console's retry with the same key: the same answer, and Telegram got the message once.
    const again = await send();
    expect(again.status).toBe(502);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect((await errorBody(again)).message).toBe(message);
    expect(received).toHaveLength(1);
  } finally {
    restore();
    await desk.close();
    await slow.close();
  }
});
