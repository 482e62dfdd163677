import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { shortTimeouts, startLateAnswer } from '../../../tests/fakes/late-answer';
import { startModelsLabFake, type ModelsLabFake } from '../../../tests/fakes/modelslab';
import { createCredentials } from '../../adapters/providers/credentials';
import { contractBody, createTestApp, errorBody, type TestApp } from '../../testing';

let modelslab: ModelsLabFake;
let t: TestApp;

beforeAll(async () => {
  modelslab = await startModelsLabFake(0, { apiKey: 'ml-key-123456' });
  t = await createTestApp({
    credentials: createCredentials({
      MODELSLAB_API_URL: `${modelslab.url}/api`,
      MODELSLAB_API_KEY: 'ml-key-123456',
      TAVUS_API_KEY: 'tv-key-123456',
      VIDEO_POLL_INTERVAL_MS: '60000',
    }),
  });
});
afterAll(async () => {
  await t.close();
  await modelslab.close();
});

const createCalls = () => modelslab.requests.filter((r) => r.path === '/api/v6/video/text2video').length;

test("My Projects' Retry: POST /video/modelslab/generate with the failed project creates it again at ModelsLab, same project", async () => {
  const created = await contractBody(
    'video.modelslabGenerate',
    await t.call('/video/modelslab/generate', { method: 'POST', json: { script: 'Gewitter über Hamburg' } }),
  );
  expect(created).toMatchObject({ status: 'processing', platform: 'modelslab' });
  expect(createCalls()).toBe(1);

  // Still processing: nothing to create again.
  const early = await t.call('/video/modelslab/generate', { method: 'POST', json: { project: created.id } });
  expect(early.status).toBe(409);
  expect((await errorBody(early)).message).toBe('Nur fehlgeschlagene Projekte können wiederholt werden.');

  await t.database.db.execute(sql`UPDATE video_projects SET status = 'failed' WHERE id = ${created.id}`);
  // Another provider's create route does not take this project.
  const elsewhere = await t.call('/video/tavus/create', { method: 'POST', json: { project: created.id } });
  expect(elsewhere.status).toBe(404);
  expect((await errorBody(elsewhere)).message).toBe('Videoprojekt nicht gefunden.');

  const retried = await contractBody(
    'video.modelslabGenerate',
    await t.call('/video/modelslab/generate', { method: 'POST', json: { project: created.id } }),
  );
  expect(retried).toMatchObject({ id: created.id, status: 'processing', progress: 0 });
  expect(createCalls()).toBe(2);
  const projects = await contractBody('video.projects', await t.call('/video/projects'));
  expect(projects.filter((p) => p.platform === 'modelslab').map((p) => p.id)).toEqual([created.id]);
  const sent = modelslab.requests.filter((r) => r.path === '/api/v6/video/text2video').map((r) => r.body);
  expect(sent[1]).toMatchObject({ prompt: expect.stringContaining('Gewitter über Hamburg') });
});

test('a video order ModelsLab took but did not confirm in time is uncertain: the same key never orders it again', async () => {
  // ModelsLab receives the order and answers only after the desk has given up waiting (its answer per
  // docs.modelslab.com/video-api/text-to-video: {status, id, …}).
  const slow = await startLateAnswer({ status: 'processing', id: 77, eta: 30 });
  const desk = await createTestApp({
    database: t.database,
    credentials: createCredentials({
      MODELSLAB_API_URL: `${slow.url}/api`,
      MODELSLAB_API_KEY: 'ml-key-123456',
      VIDEO_POLL_INTERVAL_MS: '60000',
    }),
  });
  const restore = shortTimeouts();
  try {
    const order = () =>
      desk.call('/video/generate', {
        method: 'POST',
        headers: { 'Idempotency-Key': 'video-uncertain-1' },
        json: {
          platform: 'modelslab',
          avatar: 'anna',
          script: 'Sturm über Kiel',
          background: 'studio',
          voice: 'de-DE',
        },
      });
    const first = await order();
    expect(first.status).toBe(502);
    const message =
      'ModelsLab hat nicht rechtzeitig bestätigt. Das Video ist dort möglicherweise trotzdem in Auftrag gegeben und wird nicht noch einmal bestellt – bitte im Konto bei ModelsLab prüfen.';
    expect(await errorBody(first)).toEqual({ message, code: 'provider_uncertain' });
    // The console's retry with the same key: the same answer, and ModelsLab got the order once.
    const again = await order();
    expect(again.status).toBe(502);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect((await errorBody(again)).message).toBe(message);
    expect(slow.received).toEqual(['/api/v6/video/text2video']);
  } finally {
    restore();
    await desk.close();
    await slow.close();
  }
});
