import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest';
import { startOpenAiFake, type OpenAiFake } from '../../../../tests/fakes/openai';
import { contractBody, createTestApp, errorBody, type TestApp } from '../../../testing';
import { createCredentials } from '../credentials';

let openai: OpenAiFake;
let t: TestApp;
const KEY = 'sk-proj-geheim-0123456789';

beforeAll(async () => {
  // The chat-completions fake on a port of the video range.
  openai = await startOpenAiFake(0, { apiKey: KEY });
  t = await createTestApp({
    credentials: createCredentials({ OPENAI_API_URL: `${openai.url}/v1`, OPENAI_API_KEY: KEY, OPENAI_MODEL: 'gpt-4o' }),
  });
});
afterAll(async () => {
  await t.close();
  await openai.close();
});
beforeEach(() => {
  openai.requests.length = 0;
});

test("/ai/prompt sends the console's prompt to chat completions (bearer key, configured model) and answers the text", async () => {
  openai.setReply((messages) => `Gesendet: ${messages.at(-1)?.content}`);
  const answer = await contractBody(
    'ai.prompt',
    await t.call('/ai/prompt', {
      method: 'POST',
      json: { type: 'content', parameters: { prompt: 'Schreibe eine Meldung über KI in Berlin.', topic: 'KI' } },
    }),
  );
  expect(answer).toEqual({ text: 'Gesendet: Schreibe eine Meldung über KI in Berlin.' });
  const [sent] = openai.requests;
  expect(sent.method).toBe('POST');
  expect(sent.path).toBe('/v1/chat/completions');
  expect(sent.headers.authorization).toBe(`Bearer ${KEY}`);
  expect(sent.body).toMatchObject({
    model: 'gpt-4o',
    messages: [{ role: 'system' }, { role: 'user', content: 'Schreibe eine Meldung über KI in Berlin.' }],
  });

  // Without a finished prompt the type and parameters make one.
  await contractBody(
    'ai.prompt',
    await t.call('/ai/prompt', { method: 'POST', json: { type: 'image', parameters: { style: 'Foto' } } }),
  );
  expect((openai.requests[1].body as { messages: { content: string }[] }).messages[1].content).toBe(
    'Erstelle einen Text der Art „image“.\nstyle: Foto',
  );
});

test('a refused key answers German without the key, a rate limit keeps Retry-After, an outage is a 502, no key is a 503', async () => {
  const wrong = await createTestApp({
    database: t.database,
    credentials: createCredentials({ OPENAI_API_URL: `${openai.url}/v1`, OPENAI_API_KEY: 'sk-falsch-9876543210' }),
  });
  try {
    const refused = await wrong.call('/ai/prompt', {
      method: 'POST',
      json: { type: 'content', parameters: { prompt: 'x' } },
    });
    expect(refused.status).toBe(502);
    const text = JSON.stringify(await refused.json());
    expect(text).toContain(
      'Der KI-Anbieter hat den API-Schlüssel abgelehnt (HTTP 401): Incorrect API key provided: ***.',
    );
    expect(text).not.toContain('sk-falsch-9876543210');
  } finally {
    await wrong.close();
  }

  // A short Retry-After is waited out once on the server; the second answer counts.
  openai.requests.length = 0;
  openai.failNext({
    status: 429,
    body: {
      error: { message: 'Rate limit reached for gpt-4o', type: 'requests', param: null, code: 'rate_limit_exceeded' },
    },
    headers: { 'Retry-After': '1' },
  });
  const started = Date.now();
  expect(
    (
      await contractBody(
        'ai.prompt',
        await t.call('/ai/prompt', { method: 'POST', json: { type: 'content', parameters: { prompt: 'nochmal' } } }),
      )
    ).text,
  ).toContain('nochmal');
  expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
  expect(openai.requests).toHaveLength(2);

  // A long one goes to the console with the provider's Retry-After.
  openai.failNext({
    status: 429,
    body: {
      error: { message: 'Rate limit reached for gpt-4o', type: 'requests', param: null, code: 'rate_limit_exceeded' },
    },
    headers: { 'Retry-After': '30' },
  });
  const limited = await t.call('/ai/prompt', {
    method: 'POST',
    json: { type: 'content', parameters: { prompt: 'x' } },
  });
  expect(limited.status).toBe(429);
  expect(limited.headers.get('retry-after')).toBe('30');
  expect((await errorBody(limited)).message).toBe(
    'Der KI-Anbieter: Rate limit erreicht – bitte in 30 s erneut versuchen.',
  );

  openai.failNext({
    status: 500,
    body: {
      error: {
        message: 'The server had an error while processing your request.',
        type: 'server_error',
        param: null,
        code: null,
      },
    },
  });
  const down = await t.call('/ai/prompt', { method: 'POST', json: { type: 'content', parameters: { prompt: 'x' } } });
  expect(down.status).toBe(502);
  expect((await errorBody(down)).message).toBe(
    'Der KI-Anbieter ist vorübergehend nicht verfügbar (HTTP 500): The server had an error while processing your request.',
  );

  const bare = await createTestApp({ database: t.database });
  try {
    const none = await bare.call('/ai/prompt', { method: 'POST', json: { type: 'content', parameters: {} } });
    expect(none.status).toBe(503);
    expect((await errorBody(none)).message).toBe('Der KI-Anbieter ist nicht konfiguriert.');
  } finally {
    await bare.close();
  }
});
