// provider keys saved on the server, encrypted; the console gets the masked form and the last test only.
import type { Context, Hono } from 'hono';
import { schemas } from '../../../src/contract';
import type { SavedKey } from '../../../src/contract/entities';
import type { AppEnv } from '../../context';
import { register } from '../../http/operation';
import { PROVIDERS } from '../../adapters/providers/credentials';
import { maskKey } from '../../adapters/providers/key-store';
import { forgetHealth, type ProbeResult } from '../../adapters/providers/probes';

type KeyService = SavedKey['service'];

/** Keeps the last test of a saved key (when the test used it) and answers the contract's ServiceCheck. */
export async function recordProbe(
  c: Context<AppEnv>,
  service: string,
  result: ProbeResult,
  usedServerKey = true,
): Promise<ProbeResult> {
  if (usedServerKey)
    await c.get('deps').keyStore.recordTest(service, {
      status: result.status,
      lastTested: result.lastTested,
      responseTime: result.responseTime,
      ...(result.error ? { error: result.error } : {}),
    });
  return result;
}

export function registerKeys(app: Hono<AppEnv>): void {
  register(app, 'keys.list', async ({ c }) => {
    const { keyStore, credentials } = c.get('deps');
    const saved = new Map((await keyStore.list()).map((k) => [k.provider, k]));
    const out: SavedKey[] = [];
    for (const service of schemas.KeyService.options) {
      const stored = saved.get(service);
      if (stored) {
        out.push({
          service,
          masked: stored.masked,
          source: 'saved',
          readable: stored.readable,
          ...(stored.test ?? {}),
        });
        continue;
      }
      const fromEnv = credentials.setting(PROVIDERS[service].keyEnv);
      if (fromEnv) out.push({ service, masked: maskKey(fromEnv), source: 'environment', readable: true });
    }
    return out;
  });
  register(app, 'keys.save', async ({ params, body, c }) => {
    const { keyStore, credentials } = c.get('deps');
    const stored = await keyStore.save(params.service, body.key);
    forgetHealth(credentials, params.service);
    return { service: params.service as KeyService, masked: stored.masked, source: 'saved' as const, readable: true };
  });
  register(app, 'keys.delete', async ({ params, c }) => {
    const { keyStore, credentials } = c.get('deps');
    await keyStore.remove(params.service);
    forgetHealth(credentials, params.service);
  });
}
