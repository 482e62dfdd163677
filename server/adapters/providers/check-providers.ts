// `npm run check:providers`: the server's own adapters against real provider accounts, with keys from the environment.
// Each provider: PASS, FAIL (with the German reason) or SKIP (no key); exit code 1 when any failed.
import { createCredentials, type Credentials } from './credentials';
import { ProviderError, providerFetch } from './http';
import { PROBES, probe } from './probes';
import { synthesize, type TtsProvider } from './tts';

export interface CheckLine {
  provider: string;
  result: 'PASS' | 'FAIL' | 'SKIP';
  detail: string;
}

async function telegramCheck(credentials: Credentials): Promise<CheckLine> {
  const token = await credentials.key('telegram');
  if (!token) return { provider: 'telegram', result: 'SKIP', detail: 'kein TELEGRAM_BOT_TOKEN' };
  try {
    // getMe (core.telegram.org/bots/api#getme): checks the token without posting anything.
    const response = await providerFetch('telegram', `${credentials.url('telegram')}/bot${token}/getMe`, {
      method: 'GET',
      secret: token,
    });
    const body = (await response.json()) as { ok?: boolean; result?: { username?: string } };
    return body.ok
      ? { provider: 'telegram', result: 'PASS', detail: `Bot @${body.result?.username ?? '?'}` }
      : { provider: 'telegram', result: 'FAIL', detail: 'getMe ohne ok' };
  } catch (error) {
    return { provider: 'telegram', result: 'FAIL', detail: error instanceof Error ? error.message : String(error) };
  }
}

async function ttsCheck(provider: TtsProvider, credentials: Credentials): Promise<CheckLine> {
  const name = `tts:${provider}`;
  if (!(await credentials.key(provider))) return { provider: name, result: 'SKIP', detail: 'kein Schlüssel' };
  try {
    const speech = await synthesize(provider, 'Test.', credentials);
    return { provider: name, result: 'PASS', detail: `${speech.audio.byteLength} Bytes ${speech.contentType}` };
  } catch (error) {
    return {
      provider: name,
      result: 'FAIL',
      detail: error instanceof ProviderError || error instanceof Error ? error.message : String(error),
    };
  }
}

/** Runs every check; `source` is the environment (keys, URLs, settings). */
export async function checkProviders(
  source: Record<string, string | undefined> = process.env,
  print: (line: string) => void = console.log,
): Promise<CheckLine[]> {
  const credentials = createCredentials(source);
  const lines: CheckLine[] = [];
  const report = (line: CheckLine) => {
    lines.push(line);
    print(`${line.result} ${line.provider}${line.detail ? ` – ${line.detail}` : ''}`);
  };
  for (const service of Object.keys(PROBES) as (keyof typeof PROBES)[]) {
    if (!(await credentials.key(service))) {
      report({ provider: service, result: 'SKIP', detail: 'kein Schlüssel' });
      continue;
    }
    const result = await probe(service, credentials, undefined);
    report({
      provider: service,
      result: result.success ? 'PASS' : 'FAIL',
      detail: result.success ? `${result.responseTime} ms` : (result.error ?? ''),
    });
  }
  for (const provider of ['elevenlabs', 'azure'] as const) report(await ttsCheck(provider, credentials));
  report(await telegramCheck(credentials));
  return lines;
}
