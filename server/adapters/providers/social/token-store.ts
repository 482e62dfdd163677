// Platform OAuth tokens at rest: AES-256-GCM with the desk's one key (resolveSecret in providers/key-store.ts, the
// same as for API keys). Nothing here ever goes to the console.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../data/db/client';
import { oauthTokens } from '../../../data/db/schema';

export interface StoredTokens {
  accessToken: string;
  refreshToken?: string;
  expiresAt?: Date;
  refreshExpiresAt?: Date;
  account?: string;
  state: 'ok' | 'revoked';
}

export function encrypt(key: Buffer, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), data].map((b) => b.toString('base64url')).join('.');
}

export function decrypt(key: Buffer, sealed: string): string {
  const [iv, tag, data] = sealed.split('.').map((p) => Buffer.from(p, 'base64url'));
  const decipher = createDecipheriv('aes-256-gcm', key, iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8');
}

export interface TokenStatus {
  platform: string;
  expiresAt?: Date;
  state: 'ok' | 'revoked';
}

export class TokenStore {
  constructor(
    private readonly db: Db,
    private readonly key: Buffer,
  ) {}

  async save(platform: string, tokens: Omit<StoredTokens, 'state'>): Promise<void> {
    const secret = encrypt(
      this.key,
      JSON.stringify({ accessToken: tokens.accessToken, refreshToken: tokens.refreshToken }),
    );
    const values = {
      secret,
      expiresAt: tokens.expiresAt ?? null,
      refreshExpiresAt: tokens.refreshExpiresAt ?? null,
      account: tokens.account ?? null,
      state: 'ok',
      updatedAt: new Date(),
    };
    await this.db
      .insert(oauthTokens)
      .values({ platform, ...values })
      .onConflictDoUpdate({ target: oauthTokens.platform, set: values });
  }

  async get(platform: string): Promise<StoredTokens | undefined> {
    const [row] = await this.db.select().from(oauthTokens).where(eq(oauthTokens.platform, platform));
    if (!row) return undefined;
    const { accessToken, refreshToken } = JSON.parse(decrypt(this.key, row.secret)) as {
      accessToken: string;
      refreshToken?: string;
    };
    return {
      accessToken,
      refreshToken,
      expiresAt: row.expiresAt ?? undefined,
      refreshExpiresAt: row.refreshExpiresAt ?? undefined,
      account: row.account ?? undefined,
      state: row.state === 'revoked' ? 'revoked' : 'ok',
    };
  }

  /** Expiry and state of every stored token, without the secrets. */
  async statuses(): Promise<TokenStatus[]> {
    const rows = await this.db
      .select({ platform: oauthTokens.platform, expiresAt: oauthTokens.expiresAt, state: oauthTokens.state })
      .from(oauthTokens);
    return rows.map((r) => ({
      platform: r.platform,
      expiresAt: r.expiresAt ?? undefined,
      state: r.state === 'revoked' ? 'revoked' : 'ok',
    }));
  }

  async markRevoked(platform: string): Promise<void> {
    await this.db
      .update(oauthTokens)
      .set({ state: 'revoked', updatedAt: new Date() })
      .where(eq(oauthTokens.platform, platform));
  }

  async remove(platform: string): Promise<void> {
    await this.db.delete(oauthTokens).where(eq(oauthTokens.platform, platform));
  }
}
