// Provider calls (AI text, speech, key tests, health): the adapters are issue 14; until then a clear 503, and health says offline.
import type { Hono } from 'hono';
import type { AppEnv } from '../../context';
import { notConfigured } from '../../errors';
import { register } from '../../operation';

export function registerServices(app: Hono<AppEnv>): void {
  register(app, 'ai.prompt', () => {
    throw notConfigured('Der KI-Anbieter');
  });
  register(app, 'tts.generate', ({ body }) => {
    throw notConfigured(body.provider === 'azure' ? 'Azure TTS' : 'ElevenLabs');
  });
  register(app, 'test.openai', () => {
    throw notConfigured('Der Schlüsseltest für OpenAI');
  });
  register(app, 'test.service', ({ params }) => {
    throw notConfigured(`Der Schlüsseltest für ${params.service}`);
  });
  register(app, 'health.service', ({ params }) => ({ success: false, service: params.service, status: 'offline' as const, error: `${params.service} ist nicht konfiguriert.` }));
}
