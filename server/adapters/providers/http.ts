// One outgoing provider request: a time-out, and a German error that names the provider and never carries the key.
export const PROVIDER_TIMEOUT_MS = 15_000;

export const PROVIDER_NAMES: Record<string, string> = {
  openai: 'OpenAI',
  elevenlabs: 'ElevenLabs',
  azure: 'Azure Speech',
  heygen: 'HeyGen',
  tavus: 'Tavus',
  did: 'D-ID',
  modelslab: 'ModelsLab',
  vidau: 'VidAU',
  telegram: 'Telegram',
  pexels: 'Pexels',
  unsplash: 'Unsplash',
};

/** A provider's failure: `status` 0 for no answer (network, time-out); `retryable` by SPEC §8 (network, 5xx, rate limit). */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly statusText: string,
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}

/** The provider's own error text (JSON `detail.message`, `error.message`, `description`, `message`), cut short, without the key. */
async function reasonOf(response: Response, secret: string | undefined): Promise<string> {
  const text = (await response.text().catch(() => '')).slice(0, 2000);
  let reason = text;
  try {
    const json = JSON.parse(text) as Record<string, unknown>;
    const pick = (v: unknown): string | undefined =>
      typeof v === 'string' ? v : v && typeof v === 'object' ? pick((v as Record<string, unknown>).message) : undefined;
    reason = pick(json.detail) ?? pick(json.error) ?? pick(json.description) ?? pick(json.message) ?? text;
  } catch {
    // Not JSON: the text itself.
  }
  reason = reason.replace(/\s+/g, ' ').trim().slice(0, 200);
  return secret ? reason.split(secret).join('•••') : reason;
}

/** Fetches from a provider; a non-2xx answer or no answer throws ProviderError with a German message. */
export async function providerFetch(
  provider: string,
  url: string,
  init: RequestInit & { secret?: string; timeoutMs?: number },
): Promise<Response> {
  const name = PROVIDER_NAMES[provider] ?? provider;
  let response: Response;
  let current = new URL(url);
  const signal = AbortSignal.timeout(init.timeoutMs ?? PROVIDER_TIMEOUT_MS);
  // Redirects are followed by hand and only on the provider's own origin: its key goes in a header of its own
  // (xi-api-key, Ocp-Apim-Subscription-Key, x-api-key…), which fetch would carry to any host a redirect names.
  for (let hop = 0; ; hop += 1) {
    try {
      response = await fetch(current, { ...init, redirect: 'manual', signal });
    } catch (error) {
      const timeout = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      throw new ProviderError(
        timeout ? `${name} antwortet nicht (Zeitüberschreitung).` : `${name} ist nicht erreichbar.`,
        0,
        timeout ? 'Connection timeout' : 'Connection failed',
        true,
      );
    }
    const location = response.headers.get('location');
    if (![301, 302, 303, 307, 308].includes(response.status) || !location) break;
    const next = new URL(location, current);
    if (next.origin !== current.origin) {
      throw new ProviderError(
        `${name} leitet auf einen anderen Host um (${next.host}); der Schlüssel wird dorthin nicht gesendet.`,
        response.status,
        'Cross-origin redirect',
        false,
      );
    }
    if (hop >= 3)
      throw new ProviderError(`${name}: zu viele Weiterleitungen.`, response.status, 'Too many redirects', false);
    current = next;
  }
  if (response.ok) return response;
  const reason = await reasonOf(response, init.secret);
  const statusText = response.statusText || String(response.status);
  const rateLimited = response.status === 429;
  const what = rateLimited
    ? `${name}: Anfragelimit erreicht (HTTP 429)`
    : response.status === 401 || response.status === 403
      ? `${name} lehnt den Schlüssel ab (HTTP ${response.status})`
      : `${name} meldet einen Fehler (HTTP ${response.status})`;
  throw new ProviderError(
    reason ? `${what}: ${reason}` : `${what}.`,
    response.status,
    statusText,
    rateLimited || response.status >= 500,
  );
}
