import { http, HttpResponse } from 'msw';
import { makeWav } from '../fixtures/tts';
import type { AnyHandler } from '../types';

interface TtsBody {
  text?: unknown;
  provider?: unknown;
}

const PROVIDERS = ['elevenlabs', 'azure'];

/** POST /tts/generate {text, provider, ...} → an audio/wav blob; 400 on blank text or an unknown provider. */
export const ttsHandlers: AnyHandler[] = [
  http.post<never, TtsBody>('*/api/tts/generate', async ({ request }) => {
    const body = (await request.json().catch(() => ({}))) as TtsBody;
    if (typeof body.text !== 'string' || !body.text.trim()) return HttpResponse.json({ message: 'text fehlt' }, { status: 400 });
    if (typeof body.provider !== 'string' || !PROVIDERS.includes(body.provider)) {
      return HttpResponse.json({ message: 'Unbekannter TTS-Anbieter' }, { status: 400 });
    }
    return HttpResponse.arrayBuffer(makeWav(), { headers: { 'Content-Type': 'audio/wav', 'X-TTS-Provider': body.provider } });
  }),
];
