// Provider keys saved in Admin, encrypted at rest (AES-256-GCM) under NEWSDESK_SECRET_KEY or a secret generated in the data folder.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Database } from '../../data/db/client';
import { providerKeys } from '../../data/db/schema';
import type { KeyStore, ProviderName } from './credentials';

export const SECRET_FILE = 'secret-key';

/** The 32-byte encryption key: derived from NEWSDESK_SECRET_KEY, else read from (or generated into) `<dataDir>/secret-key`. */
export function resolveSecret(
  envSecret: string | undefined,
  dataDir: string,
): { key: Buffer; file?: string; generated: boolean } {
  const derive = (secret: string) => Buffer.from(hkdfSync('sha256', secret, 'newsdesk', 'provider-keys', 32));
  if (envSecret) return { key: derive(envSecret), generated: false };
  const file = path.join(dataDir, SECRET_FILE);
  if (existsSync(file)) {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.length >= 32) return { key: derive(stored), file, generated: false };
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return { key: derive(secret), file, generated: true };
}

/** `v1.<iv>.<tag>.<ciphertext>` (base64url); the provider name is bound as associated data, so a sealed key cannot be moved to another provider. */
export function seal(key: Buffer, provider: string, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(provider));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join(
    '.',
  );
}

/** The plaintext, or `undefined` when the secret does not fit (GCM's tag check fails). */
export function unseal(key: Buffer, provider: string, sealed: string): string | undefined {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || body === undefined) return undefined;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(provider));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return undefined;
  }
}

/** `sk-…abcd`: up to three leading characters and the last four; a short key shows nothing of itself. */
export function maskKey(key: string): string {
  if (key.length < 12) return '••••';
  const prefix = /^[A-Za-z]{1,3}[-_]/.exec(key)?.[0] ?? '';
  return `${prefix}…${key.slice(-4)}`;
}

export interface TestState {
  status: 'online' | 'offline';
  lastTested: string;
  responseTime?: number;
  error?: string;
}

export interface StoredKey {
  provider: string;
  masked: string;
  /** False when the secret in force cannot decrypt it (NEWSDESK_SECRET_KEY changed): save the key again. */
  readable: boolean;
  test?: TestState;
}

/** The encrypted key store on the database. */
export class DatabaseKeyStore implements KeyStore {
  constructor(
    private readonly database: Database,
    private readonly secret: Buffer,
  ) {}

  async get(provider: ProviderName): Promise<string | undefined> {
    return this.getAny(provider);
  }

  /** Any saved service, also those without a PROVIDERS entry. */
  async getAny(provider: string): Promise<string | undefined> {
    const [row] = await this.database.db
      .select({ sealed: providerKeys.sealed })
      .from(providerKeys)
      .where(eq(providerKeys.provider, provider));
    return row ? unseal(this.secret, provider, row.sealed) : undefined;
  }

  async save(provider: string, key: string): Promise<StoredKey> {
    const values = {
      sealed: seal(this.secret, provider, key),
      masked: maskKey(key),
      lastTested: null,
      lastStatus: null,
      lastError: null,
      responseTime: null,
      updatedAt: new Date(),
    };
    await this.database.db
      .insert(providerKeys)
      .values({ provider, ...values })
      .onConflictDoUpdate({ target: providerKeys.provider, set: values });
    return { provider, masked: values.masked, readable: true };
  }

  async remove(provider: string): Promise<boolean> {
    const deleted = await this.database.db
      .delete(providerKeys)
      .where(eq(providerKeys.provider, provider))
      .returning({ provider: providerKeys.provider });
    return deleted.length > 0;
  }

  async list(): Promise<StoredKey[]> {
    const rows = await this.database.db.select().from(providerKeys).orderBy(providerKeys.provider);
    return rows.map((row) => ({
      provider: row.provider,
      masked: row.masked,
      readable: unseal(this.secret, row.provider, row.sealed) !== undefined,
      ...(row.lastTested && row.lastStatus
        ? {
            test: {
              status: row.lastStatus === 'online' ? ('online' as const) : ('offline' as const),
              lastTested: row.lastTested.toISOString(),
              ...(row.responseTime !== null ? { responseTime: row.responseTime } : {}),
              ...(row.lastError ? { error: row.lastError } : {}),
            },
          }
        : {}),
    }));
  }

  /** Remembers the last test of a saved key (nothing happens for a key that is not saved). */
  async recordTest(provider: string, state: TestState): Promise<void> {
    await this.database.db
      .update(providerKeys)
      .set({
        lastTested: new Date(state.lastTested),
        lastStatus: state.status,
        lastError: state.error ?? null,
        responseTime: state.responseTime ?? null,
      })
      .where(eq(providerKeys.provider, provider));
  }

  /** The providers whose saved key the secret in force cannot read. */
  async unreadable(): Promise<string[]> {
    return (await this.list()).filter((k) => !k.readable).map((k) => k.provider);
  }
}
