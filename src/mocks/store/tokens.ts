import type { ApiToken, CreatedApiToken } from '@/contract';
import { tokenFixtures } from '../fixtures/tokens';
import { registerStore } from './index';

let tokens: ApiToken[] = [];
let nextId = 1;

registerStore((scenario) => {
  tokens = scenario === 'empty' ? [] : tokenFixtures.map((t) => ({ ...t }));
  nextId = 1;
});

/** The tokens of the session, oldest first (never a secret: the demo keeps none). */
export function listTokens(): ApiToken[] {
  return tokens.map((t) => ({ ...t }));
}

function randomSecret(): string {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(24));
  return `nd_${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/** Makes a token for a user; its secret is answered here once and not kept. */
export function createToken(name: string, userId: string, id = `token-${nextId++}`): CreatedApiToken {
  const secret = randomSecret();
  const token: ApiToken = {
    id,
    name,
    prefix: secret.slice(0, 7),
    userId,
    createdAt: new Date().toISOString(),
    lastUsedAt: null,
  };
  tokens.push(token);
  return { token: { ...token }, secret };
}

/** Revokes a token; false when there is none with the id. */
export function removeToken(id: string): boolean {
  const before = tokens.length;
  tokens = tokens.filter((t) => t.id !== id);
  return tokens.length < before;
}

/** Revokes every token of a user (with the user). */
export function removeTokensOf(userId: string): void {
  tokens = tokens.filter((t) => t.userId !== userId);
}
