import { http, HttpResponse } from 'msw';
import { server } from '@/mocks/node';
import { putSetting } from '@/db/settings';
import { generateSpeech, getTtsRoles } from './tts';

// A file of its own: the saved settings are loaded into the runtime once per page, and here that has not happened yet,
// as right after a reload, before the dashboard's first screen has painted.
test('a test speech before the saved settings are in force goes to the saved primary, not the default one', async () => {
  await putSetting('ttsRoles', { primary: 'azure', backup: 'elevenlabs' });
  const asked: string[] = [];
  server.use(
    http.post('*/api/tts/generate', async ({ request }) => {
      asked.push(((await request.json()) as { provider: string }).provider);
      return HttpResponse.arrayBuffer(new Uint8Array([1, 2, 3]).buffer, { headers: { 'Content-Type': 'audio/wav' } });
    }),
  );
  expect(getTtsRoles()).toEqual({ primary: 'elevenlabs', backup: 'azure' });
  const { provider } = await generateSpeech('Guten Abend');
  expect(provider).toBe('azure');
  expect(asked).toEqual(['azure']);
});
