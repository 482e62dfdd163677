import { HttpResponse } from 'msw';
import { handle } from '../contract-handler';
import { makeWav } from '../fixtures/tts';
import { sourcesStore } from '../store/sources';
import type { AnyHandler } from '../types';

/**
 * POST /tts/generate {text, provider, ...} → an audio/wav blob from the asked engine (without one, the desk's primary);
 * 400 on blank text or an unknown provider.
 */
export const ttsHandlers: AnyHandler[] = [
  handle('tts.generate', ({ body }) =>
    HttpResponse.arrayBuffer(makeWav(), {
      headers: {
        'Content-Type': 'audio/wav',
        'X-TTS-Provider': body.provider ?? sourcesStore.settings().ttsRoles.primary,
      },
    }),
  ),
];
