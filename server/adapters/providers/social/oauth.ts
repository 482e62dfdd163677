// OAuth for the platforms that publish with a user's token (TikTok, YouTube, Facebook, Instagram): the authorise URL
// from the server's own client settings, a one-time `state`, the code exchanged at the platform's token endpoint,
// tokens stored encrypted and refreshed by a job before they expire.
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../../data/db/client';
import { oauthStates, socialPlatforms } from '../../../data/db/schema';
import type { EventHub } from '../../../data/events';
import { enqueue, RetryLater, type Job } from '../../../jobs/queue';
import type { Credentials } from '../credentials';
import { platformFetch, PlatformError, type RetryPolicy } from './http';
import type { StoredTokens, TokenStore } from './token-store';

export type OAuthPlatform = 'tiktok' | 'youtube' | 'facebook' | 'instagram';
export const OAUTH_PLATFORMS: readonly OAuthPlatform[] = ['tiktok', 'youtube', 'facebook', 'instagram'];
export const isOAuthPlatform = (p: string): p is OAuthPlatform => (OAUTH_PLATFORMS as readonly string[]).includes(p);
export const REFRESH_JOB = 'oauth.refresh';
const NAMES: Record<OAuthPlatform, string> = {
  tiktok: 'TikTok',
  youtube: 'YouTube',
  facebook: 'Facebook',
  instagram: 'Instagram',
};
const STATE_TTL_MS = 10 * 60_000;

interface TokenAnswer {
  access_token?: string;
  refresh_token?: string;
  expires_in?: number;
  refresh_expires_in?: number;
  open_id?: string;
}

export interface OAuthOptions {
  retry: RetryPolicy;
  /** Refresh this long before the access token expires. */
  refreshLeadMs: number;
  now?: () => Date;
}

export class OAuthService {
  constructor(
    private readonly database: Database,
    private readonly events: EventHub,
    private readonly credentials: Credentials,
    private readonly tokens: TokenStore,
    private readonly options: OAuthOptions,
  ) {}

  private now(): Date {
    return this.options.now?.() ?? new Date();
  }

  private client(platform: OAuthPlatform): { id: string; secret: string } {
    const prefix = platform.toUpperCase();
    const id =
      this.credentials.setting(`${prefix}_CLIENT_ID`) ??
      (platform === 'instagram' ? this.credentials.setting('FACEBOOK_CLIENT_ID') : undefined);
    const secret =
      this.credentials.setting(`${prefix}_CLIENT_SECRET`) ??
      (platform === 'instagram' ? this.credentials.setting('FACEBOOK_CLIENT_SECRET') : undefined);
    if (!id || !secret)
      throw new PlatformError(
        `OAuth für ${NAMES[platform]} ist nicht konfiguriert: ${prefix}_CLIENT_ID und ${prefix}_CLIENT_SECRET müssen gesetzt sein.`,
        'not_configured',
      );
    return { id, secret };
  }

  /** The platform's authorise page for the popup; the state is stored and good for one callback within 10 minutes. */
  async start(platform: OAuthPlatform, redirectUri: string): Promise<{ url: string; state: string }> {
    const { id } = this.client(platform);
    const state = randomBytes(24).toString('base64url');
    await this.database.db
      .insert(oauthStates)
      .values({ state, platform, redirectUri, expiresAt: new Date(this.now().getTime() + STATE_TTL_MS) });
    const url = new URL(this.authorizeBase(platform));
    const params: Record<string, string> =
      platform === 'tiktok'
        ? {
            client_key: id,
            scope: 'user.info.basic,video.publish',
            response_type: 'code',
            redirect_uri: redirectUri,
            state,
          }
        : platform === 'youtube'
          ? {
              client_id: id,
              redirect_uri: redirectUri,
              response_type: 'code',
              scope: 'https://www.googleapis.com/auth/youtube.upload',
              access_type: 'offline',
              prompt: 'consent',
              state,
            }
          : {
              client_id: id,
              redirect_uri: redirectUri,
              response_type: 'code',
              state,
              scope:
                platform === 'facebook'
                  ? 'pages_show_list,pages_read_engagement,pages_manage_posts'
                  : 'instagram_basic,instagram_content_publish,pages_show_list,pages_read_engagement',
            };
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
    return { url: url.toString(), state };
  }

  private authorizeBase(platform: OAuthPlatform): string {
    const s = (name: string) => this.credentials.setting(name);
    if (platform === 'tiktok') return s('TIKTOK_AUTH_URL') ?? 'https://www.tiktok.com/v2/auth/authorize/';
    if (platform === 'youtube') return s('YOUTUBE_AUTH_URL') ?? 'https://accounts.google.com/o/oauth2/v2/auth';
    return s('FACEBOOK_AUTH_URL') ?? 'https://www.facebook.com/v23.0/dialog/oauth';
  }

  private tokenUrl(platform: OAuthPlatform): string {
    if (platform === 'tiktok') return `${this.credentials.url('tiktok')}/v2/oauth/token/`;
    if (platform === 'youtube')
      return this.credentials.setting('YOUTUBE_TOKEN_URL') ?? 'https://oauth2.googleapis.com/token';
    return `${this.credentials.url('facebook')}/oauth/access_token`;
  }

  /** Takes a state once; undefined when unknown, used or expired. */
  async consumeState(state: string): Promise<{ platform: OAuthPlatform; redirectUri: string } | undefined> {
    const [row] = await this.database.db.delete(oauthStates).where(eq(oauthStates.state, state)).returning();
    if (!row || row.expiresAt.getTime() < this.now().getTime() || !isOAuthPlatform(row.platform)) return undefined;
    return { platform: row.platform, redirectUri: row.redirectUri };
  }

  private async tokenCall(platform: OAuthPlatform, fields: Record<string, string>): Promise<TokenAnswer> {
    const { secret } = this.client(platform);
    const secrets = [secret, fields.code, fields.refresh_token, fields.fb_exchange_token];
    const url = this.tokenUrl(platform);
    // Graph's token endpoint is a GET with query parameters (as documented); TikTok and Google take a form POST.
    const response =
      platform === 'facebook' || platform === 'instagram'
        ? await platformFetch(
            platform,
            `${url}?${new URLSearchParams(fields)}`,
            { method: 'GET' },
            { retry: this.options.retry, secrets },
          )
        : await platformFetch(
            platform,
            url,
            {
              method: 'POST',
              headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
              body: new URLSearchParams(fields),
            },
            { retry: this.options.retry, secrets },
          );
    const answer = (await response.json()) as TokenAnswer & { error?: unknown; error_description?: string };
    if (!answer.access_token)
      throw new PlatformError(
        `${NAMES[platform]} hat kein Zugangs-Token ausgegeben: ${answer.error_description ?? 'unbekannter Fehler'}.`,
        'revoked',
      );
    return answer;
  }

  /** The callback: checks the state, exchanges the code, stores the tokens, marks the platform connected. */
  async complete(
    state: string,
    code: string | undefined,
    error: string | undefined,
  ): Promise<{ platform?: OAuthPlatform; ok: boolean; message: string }> {
    const pending = await this.consumeState(state);
    if (!pending)
      return {
        ok: false,
        message: 'Die Anmeldung ist ungültig oder abgelaufen (state unbekannt). Bitte erneut verbinden.',
      };
    const { platform, redirectUri } = pending;
    try {
      if (error || !code)
        throw new PlatformError(
          `${NAMES[platform]} hat die Anmeldung abgelehnt${error ? ` (${error})` : ''}.`,
          'rejected',
        );
      const { id, secret } = this.client(platform);
      const answer =
        platform === 'tiktok'
          ? await this.tokenCall(platform, {
              client_key: id,
              client_secret: secret,
              code,
              grant_type: 'authorization_code',
              redirect_uri: redirectUri,
            })
          : await this.tokenCall(platform, {
              client_id: id,
              client_secret: secret,
              code,
              grant_type: 'authorization_code',
              redirect_uri: redirectUri,
            });
      const tokens = await this.toStored(platform, answer);
      await this.tokens.save(platform, tokens);
      await this.scheduleRefresh(platform, tokens);
      await this.setPlatform(platform, true, 'Verbunden (OAuth)');
      return { platform, ok: true, message: `${NAMES[platform]} ist verbunden.` };
    } catch (failure) {
      const message = failure instanceof Error ? failure.message : String(failure);
      await this.setPlatform(platform, false, `Verbindung fehlgeschlagen: ${message}`);
      return { platform, ok: false, message };
    }
  }

  private async toStored(
    platform: OAuthPlatform,
    answer: TokenAnswer,
    previous?: StoredTokens,
  ): Promise<Omit<StoredTokens, 'state'>> {
    const now = this.now().getTime();
    const base = {
      accessToken: answer.access_token as string,
      refreshToken: answer.refresh_token ?? previous?.refreshToken,
      expiresAt: answer.expires_in ? new Date(now + answer.expires_in * 1000) : undefined,
      refreshExpiresAt: answer.refresh_expires_in
        ? new Date(now + answer.refresh_expires_in * 1000)
        : previous?.refreshExpiresAt,
      account: answer.open_id ?? previous?.account,
    };
    if (platform === 'facebook' || platform === 'instagram') {
      // The Page (and its Instagram business account) the user manages: Graph /me/accounts, after every exchange (a new
      // user token gives a new Page token). The user token is what Graph extends (fb_exchange_token), so it is kept as
      // the refresh token; a Page token cannot be exchanged.
      const userToken = base.accessToken;
      const fields =
        platform === 'instagram' ? 'id,name,access_token,instagram_business_account' : 'id,name,access_token';
      const url = `${this.credentials.url('facebook')}/me/accounts?fields=${fields}&access_token=${encodeURIComponent(userToken)}`;
      const pages = (await (
        await platformFetch(platform, url, { method: 'GET' }, { retry: this.options.retry, secrets: [userToken] })
      ).json()) as { data?: { id: string; access_token?: string; instagram_business_account?: { id: string } }[] };
      const wanted = this.credentials.setting('FACEBOOK_PAGE_ID');
      const page = pages.data?.find((p) => p.id === wanted) ?? pages.data?.[0];
      if (!page) throw new PlatformError(`${NAMES[platform]}: Das Konto verwaltet keine Facebook-Seite.`, 'rejected');
      const withUser = { ...base, refreshToken: userToken, refreshExpiresAt: base.expiresAt };
      if (platform === 'facebook')
        return { ...withUser, accessToken: page.access_token ?? userToken, account: page.id };
      if (!page.instagram_business_account)
        throw new PlatformError('Instagram: Mit der Seite ist kein Instagram-Business-Konto verbunden.', 'rejected');
      return { ...withUser, account: page.instagram_business_account.id };
    }
    return base;
  }

  private async scheduleRefresh(platform: OAuthPlatform, tokens: Omit<StoredTokens, 'state'>): Promise<void> {
    if (!tokens.expiresAt) return;
    const runAt = new Date(Math.max(this.now().getTime(), tokens.expiresAt.getTime() - this.options.refreshLeadMs));
    await enqueue(this.database.db, {
      kind: REFRESH_JOB,
      payload: { platform },
      runAt,
      uniqueKey: `oauth-refresh:${platform}:${tokens.expiresAt.toISOString()}`,
    });
  }

  async setPlatform(platform: OAuthPlatform, connected: boolean, status: string): Promise<void> {
    await this.database.db.update(socialPlatforms).set({ connected, status }).where(eq(socialPlatforms.id, platform));
    await this.events.publish({ topic: 'social', action: 'updated', id: platform });
  }

  /** Refreshes a platform's token now (the job calls it before expiry); a refused refresh marks the token revoked. */
  async refresh(platform: OAuthPlatform): Promise<void> {
    const current = await this.tokens.get(platform);
    if (!current || current.state === 'revoked') return;
    const { id, secret } = this.client(platform);
    try {
      const answer =
        platform === 'tiktok'
          ? await this.tokenCall(platform, {
              client_key: id,
              client_secret: secret,
              grant_type: 'refresh_token',
              refresh_token: current.refreshToken ?? '',
            })
          : platform === 'youtube'
            ? await this.tokenCall(platform, {
                client_id: id,
                client_secret: secret,
                grant_type: 'refresh_token',
                refresh_token: current.refreshToken ?? '',
              })
            : await this.tokenCall(platform, {
                grant_type: 'fb_exchange_token',
                client_id: id,
                client_secret: secret,
                fb_exchange_token: current.refreshToken ?? current.accessToken,
              });
      const next = await this.toStored(platform, answer, current);
      await this.tokens.save(platform, next);
      await this.scheduleRefresh(platform, next);
      await this.events.publish({ topic: 'social', action: 'updated', id: platform });
    } catch (error) {
      if (error instanceof PlatformError && error.retryable) throw error;
      await this.tokens.markRevoked(platform);
      await this.database.db
        .update(socialPlatforms)
        .set({ status: 'Anmeldung abgelaufen – bitte neu verbinden' })
        .where(eq(socialPlatforms.id, platform));
      await this.events.publish({ topic: 'social', action: 'updated', id: platform });
    }
  }

  async runJob(job: Job): Promise<void> {
    const { platform } = job.payload as { platform: string };
    if (!isOAuthPlatform(platform)) return;
    try {
      await this.refresh(platform);
    } catch (error) {
      if (error instanceof PlatformError && error.retryable)
        throw new RetryLater(error.message, Math.max(this.options.retry.baseDelayMs, error.retryAfterMs ?? 0));
      throw error;
    }
  }

  /** Token health for the Social screen: 'revoked', 'expired', 'expiring' (within 3 days without a way to refresh), 'ok'. */
  async statuses(): Promise<
    { platform: OAuthPlatform; state: 'ok' | 'expiring' | 'expired' | 'revoked'; expiresAt?: string }[]
  > {
    const out: { platform: OAuthPlatform; state: 'ok' | 'expiring' | 'expired' | 'revoked'; expiresAt?: string }[] = [];
    const now = this.now().getTime();
    for (const platform of OAUTH_PLATFORMS) {
      const t = await this.tokens.get(platform);
      if (!t) continue;
      const horizon = t.refreshToken ? t.refreshExpiresAt : t.expiresAt;
      const state =
        t.state === 'revoked'
          ? 'revoked'
          : horizon && horizon.getTime() < now
            ? 'expired'
            : horizon && horizon.getTime() < now + 3 * 86_400_000
              ? 'expiring'
              : 'ok';
      out.push({ platform, state, ...(horizon ? { expiresAt: horizon.toISOString() } : {}) });
    }
    return out;
  }

  async disconnect(platform: OAuthPlatform): Promise<void> {
    await this.tokens.remove(platform);
    await this.database.db.execute(
      sql`DELETE FROM jobs WHERE kind = ${REFRESH_JOB} AND done_at IS NULL AND claimed_by IS NULL AND payload->>'platform' = ${platform}`,
    );
  }
}
