// The desk's settings: a patch changes only what it names, and two saves at the same moment both land.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { contractBody, createTestApp, type TestApp } from '../testing';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const patch = (json: unknown) => t.call('/settings', { method: 'PATCH', json });

test('settings saved at the same moment all hold: review on, four eyes on, the new schedule', async () => {
  await contractBody('settings.update', await patch({ review: false, fourEyes: false }));
  const answers = await Promise.all([
    patch({ review: true }),
    patch({ fourEyes: true }),
    patch({ schedule: { everyMinutes: 30 } }),
  ]);
  for (const answer of answers) expect(answer.status).toBe(200);
  const stored = await contractBody('settings.get', await t.call('/settings'));
  expect(stored).toMatchObject({ review: true, fourEyes: true, schedule: { enabled: false, everyMinutes: 30 } });
});
