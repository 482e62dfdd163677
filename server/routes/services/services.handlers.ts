// Provider calls: AI text through the chat-completions LLM; speech, key tests and health go to the providers.
import type { Hono } from 'hono';
import { schemas } from '../../../src/contract';
import type { AppEnv } from '../../context';
import { register } from '../../http/operation';
import { chatComplete, promptMessages } from '../../adapters/providers/llm/chat';
import { cachedHealth, keyFromRequest, probe } from '../../adapters/providers/probes';
import {
  otherProvider,
  speakByRoles,
  speakWithEmbedded,
  speakWithFailover,
  synthesize,
  ttsHttpError,
  type Speech,
} from '../../adapters/providers/tts';
import { readSettings } from '../../data/settings';
import { recordProbe } from '../keys/keys.handlers';

export function registerServices(app: Hono<AppEnv>): void {
  register(app, 'ai.prompt', async ({ body, c }) => ({
    text: await chatComplete(c.get('deps').credentials, promptMessages(body.type, body.parameters)),
  }));
  // One provider per request (the console fails over itself, SPEC §7); with `backup` named, the server fails over; without
  // a provider the desk's roles decide. No key of the asked provider nor of its backup: the embedded eSpeak-NG speaks.
  register(app, 'tts.generate', async ({ body, c }) => {
    const { text, provider, backup, ...options } = body;
    const { credentials, database } = c.get('deps');
    const signal = c.req.raw.signal;
    const speak = async (): Promise<Speech> => {
      if (provider === 'espeak') return speakWithEmbedded(text, options, signal);
      if (provider === undefined)
        return speakByRoles(text, (await readSettings(database.db)).ttsRoles, credentials, options, signal);
      const other = backup !== undefined && backup !== provider ? backup : undefined;
      const [asked, fallback] = await Promise.all([
        credentials.key(provider),
        credentials.key(other ?? otherProvider(provider)),
      ]);
      if (!asked && !fallback) return speakWithEmbedded(text, options, signal);
      if (other) return speakWithFailover(text, provider, other, credentials, options);
      return synthesize(provider, text, credentials, options).catch((error: unknown) => {
        throw ttsHttpError(error);
      });
    };
    const speech = await speak();
    const headers: Record<string, string> = {
      'Content-Type': speech.contentType,
      'X-TTS-Provider': speech.provider,
      'Cache-Control': 'no-store',
    };
    if ('primaryError' in speech && typeof speech.primaryError === 'string')
      headers['X-TTS-Primary-Error'] = speech.primaryError;
    return new Response(speech.audio, { status: 200, headers });
  });
  register(app, 'test.openai', async ({ c }) => {
    const header = keyFromRequest('openai', (n) => c.req.header(n));
    return recordProbe(c, 'openai', await probe('openai', c.get('deps').credentials, header), header === undefined);
  });
  register(app, 'test.service', async ({ params, c }) => {
    const service = params.service.toLowerCase();
    if (!isKeyService(service) || service === 'openai')
      return { success: false, service: params.service, status: 'offline' as const, error: 'Unknown service' };
    const header = keyFromRequest(service, (n) => c.req.header(n));
    return recordProbe(c, service, await probe(service, c.get('deps').credentials, header), header === undefined);
  });
  register(app, 'health.service', async ({ params, c }) =>
    recordProbe(c, params.service, await cachedHealth(c.get('deps').credentials, params.service)),
  );
}

const isKeyService = (value: string): value is (typeof schemas.KeyService.options)[number] =>
  (schemas.KeyService.options as readonly string[]).includes(value);
