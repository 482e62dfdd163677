// The LLM behind /ai/prompt and /news/generate: an OpenAI-shaped chat-completions API (OPENAI_API_URL, OPENAI_MODEL,
// bearer key from credentials('openai')), per platform.openai.com/docs/api-reference/chat/create.
import { HttpError, notConfigured } from '../../../http/errors';
import { withRetry } from '../../net/retry';
import type { Credentials } from '../credentials';
import { callProvider, retryAfterSeconds } from '../provider-call';

/** A 429 whose Retry-After is at most this long is waited out once on the server; a longer one goes to the console. */
const WAIT_OUT_SECONDS = 5;

/** A 429's Retry-After in seconds when it is short enough to wait out here; undefined for anything else. */
function shortWait(error: unknown): number | undefined {
  const wait =
    error instanceof HttpError && error.status === 429
      ? retryAfterSeconds(error.headers?.['Retry-After'] ?? null)
      : undefined;
  return wait !== undefined && wait <= WAIT_OUT_SECONDS ? wait : undefined;
}

export const DEFAULT_MODEL = 'gpt-4o-mini';

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

interface Completion {
  choices?: { message?: { content?: string | null }; finish_reason?: string }[];
}

/** Sends the messages and answers the first choice's text; German errors, a 429 keeps the provider's Retry-After. */
export async function chatComplete(
  credentials: Credentials,
  messages: ChatMessage[],
  options: { maxTokens?: number } = {},
): Promise<string> {
  const key = await credentials.key('openai');
  if (!key) throw notConfigured('Der KI-Anbieter');
  const call = () =>
    callProvider<Completion>({
      name: 'Der KI-Anbieter',
      url: `${credentials.url('openai')}/chat/completions`,
      method: 'POST',
      headers: { Authorization: `Bearer ${key}` },
      secrets: [key],
      timeoutMs: 110_000,
      json: {
        model: credentials.setting('OPENAI_MODEL') ?? DEFAULT_MODEL,
        messages,
        ...(options.maxTokens ? { max_tokens: options.maxTokens } : {}),
      },
    });
  const answer = await withRetry(
    {
      retries: 1,
      retryable: (error) => shortWait(error) !== undefined,
      delayMs: (_, error) => (shortWait(error) ?? 0) * 1000,
    },
    call,
  );
  const text = answer.choices?.[0]?.message?.content?.trim();
  if (!text) throw new HttpError(502, 'Der KI-Anbieter hat keinen Text geliefert.', 'provider_bad_answer');
  return text;
}

const SYSTEM = 'Du bist Redakteur einer automatisierten Nachrichtenredaktion. Antworte sachlich, ohne Vorrede.';

/** The messages of POST /ai/prompt: the console's finished prompt when it sends one, else the type and its parameters. */
export function promptMessages(type: string, parameters: Record<string, unknown>): ChatMessage[] {
  const prompt =
    typeof parameters.prompt === 'string' && parameters.prompt.trim() ? parameters.prompt.trim() : undefined;
  const rest = Object.entries(parameters).filter(([k, v]) => k !== 'prompt' && v !== undefined && v !== '');
  const user =
    prompt ??
    `Erstelle einen Text der Art „${type}“.${rest.length ? `\n${rest.map(([k, v]) => `${k}: ${typeof v === 'string' ? v : JSON.stringify(v)}`).join('\n')}` : ''}`;
  return [
    { role: 'system', content: SYSTEM },
    { role: 'user', content: user },
  ];
}
