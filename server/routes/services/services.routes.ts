// Provider calls: AI text through the chat-completions LLM (issue 15); speech, key tests, health still answer 503 / offline here.
import type { Hono } from 'hono';
import type { AppEnv } from '../../context';
import { notConfigured } from '../../errors';
import { register } from '../../operation';
import { chatComplete, promptMessages } from '../../providers/llm/chat';

export function registerServices(app: Hono<AppEnv>): void {
  register(app, 'ai.prompt', async ({ body, c }) => ({ text: await chatComplete(c.get('deps').credentials, promptMessages(body.type, body.parameters)) }));
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
