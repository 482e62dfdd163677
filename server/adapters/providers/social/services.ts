// The social publishing services of one server instance, and the job worker that runs their scheduled work.
import type { Database } from '../../../data/db/client';
import type { EventHub } from '../../../data/events';
import type { UrlSigner } from '../../../http/signing';
import { JobWorker } from '../../../jobs/queue';
import type { Credentials } from '../credentials';
import { DEFAULT_RETRY, type RetryPolicy } from './http';
import { OAuthService, REFRESH_JOB } from './oauth';
import { PUBLISH_JOB, SocialPublisher } from './publisher';
import { TokenStore } from './token-store';

export interface SocialServices {
  publisher: SocialPublisher;
  oauth: OAuthService;
  tokens: TokenStore;
}

export interface SocialSettings {
  secretKey: Buffer;
  retry?: RetryPolicy;
  pollMs?: number;
  refreshLeadMs?: number;
  now?: () => Date;
  /** The Media Library's folder (attached uploads are read from it). */
  mediaDir?: string;
  /** Media addresses may name private hosts (NEWSDESK_FETCH_PRIVATE). */
  allowPrivate?: boolean;
  /** Signs an uploaded file's address for the platform at each send. */
  signer?: UrlSigner;
}

export function createSocialServices(
  database: Database,
  events: EventHub,
  credentials: Credentials,
  settings: SocialSettings,
): SocialServices {
  const tokens = new TokenStore(database.db, settings.secretKey);
  const retry = settings.retry ?? DEFAULT_RETRY;
  return {
    tokens,
    publisher: new SocialPublisher(database, events, credentials, tokens, {
      retry,
      pollMs: settings.pollMs,
      mediaDir: settings.mediaDir,
      allowPrivate: settings.allowPrivate,
      signer: settings.signer,
      now: settings.now,
    }),
    oauth: new OAuthService(database, events, credentials, tokens, {
      retry,
      refreshLeadMs: settings.refreshLeadMs ?? 10 * 60_000,
      now: settings.now,
    }),
  };
}

/** Posts one instance sends at the same time: a slow platform does not hold up the others. */
const PUBLISH_CONCURRENCY = 4;

/** The worker of this instance: posts (now and scheduled) and token refreshes (other kinds can join later). */
export function createJobWorker(
  database: Database,
  social: SocialServices,
  options: { pollMs: number; claimTimeoutMs?: number; now?: () => Date; workerId?: string },
): JobWorker {
  const worker = new JobWorker(
    database,
    {
      [PUBLISH_JOB]: (job) => social.publisher.runJob(job),
      [REFRESH_JOB]: (job) => social.oauth.runJob(job),
    },
    {
      concurrency: { [PUBLISH_JOB]: PUBLISH_CONCURRENCY },
      giveUp: { [PUBLISH_JOB]: (job, reason) => social.publisher.giveUpJob(job, reason) },
      ...options,
    },
  );
  // A post accepted for now is published at once, not at the next poll.
  social.publisher.onQueued(() => worker.nudge());
  return worker;
}
