import { handle } from '../contract-handler';
import type { AnyHandler } from '../types';

// The demo keeps keys in the browser; these answer the live contract (masked forms only) for contract checks and fixtures.
const saved = new Map<string, string>();
const mask = (key: string) =>
  key.length < 12 ? '••••' : `${/^[A-Za-z]{1,3}[-_]/.exec(key)?.[0] ?? ''}…${key.slice(-4)}`;

/** GET /keys, PUT /keys/{service}, DELETE /keys/{service}. */
export const keysHandlers: AnyHandler[] = [
  handle('keys.list', () =>
    [...saved].map(([service, masked]) => ({
      service: service as never,
      masked,
      source: 'saved' as const,
      readable: true,
    })),
  ),
  handle('keys.save', ({ params, body }) => {
    saved.set(params.service, mask(body.key));
    return { service: params.service, masked: mask(body.key), source: 'saved' as const, readable: true };
  }),
  handle('keys.delete', ({ params }) => {
    saved.delete(params.service);
  }),
];
