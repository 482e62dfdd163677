// The LLM call's retry rule: only a 429 with a short Retry-After is waited out, and only once.
import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest';
import { openAiError, startOpenAiFake, type OpenAiFake } from '../../../../tests/fakes/openai';
import { HttpError } from '../../../http/errors';
import { createCredentials } from '../credentials';
import { chatComplete } from './chat';

let openai: OpenAiFake;
const KEY = 'sk-proj-geheim-0123456789';
const credentials = () =>
  createCredentials({ OPENAI_API_URL: `${openai.url}/v1`, OPENAI_API_KEY: KEY, OPENAI_MODEL: 'gpt-4o' });
const messages = [{ role: 'user' as const, content: 'Hallo' }];
const limited = (retryAfter: string) => ({
  status: 429,
  body: openAiError('Rate limit reached for gpt-4o', 'requests', 'rate_limit_exceeded'),
  headers: { 'Retry-After': retryAfter },
});

beforeAll(async () => {
  openai = await startOpenAiFake(0, { apiKey: KEY });
});
afterAll(async () => {
  await openai.close();
});
beforeEach(() => {
  openai.requests.length = 0;
});

test('a 429 with a short Retry-After is asked again once; a second one goes to the caller', async () => {
  openai.failNext(limited('0'));
  await expect(chatComplete(credentials(), messages)).resolves.toContain('Hallo');
  expect(openai.requests).toHaveLength(2);

  openai.requests.length = 0;
  openai.failNext(limited('0'), limited('0'));
  const failed = await chatComplete(credentials(), messages).catch((e: unknown) => e);
  expect((failed as HttpError).status).toBe(429);
  expect(openai.requests).toHaveLength(2);
});

test('a 429 with a long Retry-After and an outage are not retried', async () => {
  openai.failNext(limited('30'));
  expect(((await chatComplete(credentials(), messages).catch((e: unknown) => e)) as HttpError).status).toBe(429);
  expect(openai.requests).toHaveLength(1);

  openai.requests.length = 0;
  openai.failNext({ status: 503, body: openAiError('The engine is currently overloaded', 'server_error', null) });
  expect(((await chatComplete(credentials(), messages).catch((e: unknown) => e)) as HttpError).status).toBe(502);
  expect(openai.requests).toHaveLength(1);
});
