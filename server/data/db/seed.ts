// The desk's standing rows (the administrator, the five platforms) and `--seed demo`: the mock fixtures' sample data
// (`--seed large` is in seed-large.ts).
import { sql } from 'drizzle-orm';
import { makeMedia } from '../../../src/mocks/fixtures/media';
import { makeNews } from '../../../src/mocks/fixtures/news';
import { scheduledBroadcastFixtures } from '../../../src/mocks/fixtures/obs';
import { overviewFixture } from '../../../src/mocks/fixtures/overview';
import { makePosts } from '../../../src/mocks/fixtures/posts';
import { makePlatforms, makeScheduled, makeTemplates } from '../../../src/mocks/fixtures/social';
import { userFixtures } from '../../../src/mocks/fixtures/users';
import { avatarFixtures, videoProjectFixtures } from '../../../src/mocks/fixtures/video';
import {
  PIPELINE_FIXTURE,
  RUN_FIXTURES,
  SUCCESS_RATE_FIXTURE,
  VARIABLES_FIXTURE,
} from '../../../src/mocks/fixtures/workflow';
import type { Db } from './client';
import * as t from './schema';

const PLATFORM_NAMES = makePlatforms().map((p) => ({ id: p.id, name: p.name }));

/** Rows every desk has, also on an empty database: the administrator and the five platforms (not connected). */
export async function ensureStandingRows(db: Db): Promise<void> {
  await db
    .insert(t.users)
    .values({
      id: 'user-admin',
      name: 'Administrator',
      email: 'admin@newsdesk.local',
      role: 'Admin',
      access: 'Vollzugriff',
    })
    .onConflictDoNothing();
  await db
    .insert(t.socialPlatforms)
    .values(PLATFORM_NAMES.map((p) => ({ ...p, connected: false, status: 'Nicht verbunden', followers: 0, posts: 0 })))
    .onConflictDoNothing();
}

// Lists are newest first by insertion order, so the fixtures go in back to front (their first item ends on top).
const reversed = <T>(items: T[]) => [...items].reverse();

/** A transaction of the desk's database (what `db.transaction` hands its callback). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Loads the sample data of the fixtures (idempotent: rows that exist stay as they are). */
export async function seedDemo(db: Db, options: { posts?: number } = {}): Promise<void> {
  await db.transaction(async (tx) => {
    const posts = reversed(makePosts(options.posts ?? 127)).map((p) => ({ ...p, content: p.content ?? null }));
    // In slices: one statement holds at most 65,535 parameters.
    for (let i = 0; i < posts.length; i += 1000)
      await tx
        .insert(t.posts)
        .values(posts.slice(i, i + 1000))
        .onConflictDoNothing();
    await tx.insert(t.news).values(reversed(makeNews())).onConflictDoNothing();
    await tx.insert(t.media).values(reversed(makeMedia())).onConflictDoNothing();
    await seedDemoSurroundings(tx);
    await tx
      .insert(t.scheduledPosts)
      .values(makeScheduled().map((s) => ({ ...s, content: s.content ?? null })))
      .onConflictDoNothing();
    const minutesAgo = [2, 15, 32, 60, 120];
    await tx
      .insert(t.notifications)
      .values(
        reversed(
          overviewFixture.notifications.map((n, i) => ({
            id: `seed-${n.id}`,
            message: n.message,
            type: n.type,
            createdAt: sql`now() - ${`${minutesAgo[i] ?? 180} minutes`}::interval`,
          })),
        ),
      )
      .onConflictDoNothing();
  });
}

/** The demo's rows beside the long lists: users, connected platforms, templates, broadcasts, video and workflow samples. */
export async function seedDemoSurroundings(tx: Tx): Promise<void> {
  await tx.insert(t.users).values(userFixtures).onConflictDoNothing();
  for (const p of makePlatforms()) {
    await tx
      .insert(t.socialPlatforms)
      .values(p)
      .onConflictDoUpdate({
        target: t.socialPlatforms.id,
        set: { connected: p.connected, status: p.status, followers: p.followers, posts: p.posts },
      });
  }
  await tx.insert(t.postTemplates).values(makeTemplates()).onConflictDoNothing();
  await tx.insert(t.broadcasts).values(scheduledBroadcastFixtures).onConflictDoNothing();
  await tx.insert(t.avatars).values(avatarFixtures).onConflictDoNothing();
  await tx.insert(t.videoProjects).values(reversed(videoProjectFixtures)).onConflictDoNothing();
  await tx
    .insert(t.workflowRuns)
    .values(RUN_FIXTURES.map((r) => ({ ...r, workflowId: 'ai-news', log: r.log ?? null })))
    .onConflictDoNothing();
  await tx.insert(t.pipelineSteps).values(PIPELINE_FIXTURE).onConflictDoNothing();
  await tx
    .insert(t.keyValues)
    .values([
      { key: 'pipeline.variables', value: VARIABLES_FIXTURE },
      { key: 'pipeline.successRates', value: SUCCESS_RATE_FIXTURE },
    ])
    .onConflictDoNothing();
}

/** VACUUM ANALYZE after a bulk load, as autovacuum would later: without statistics a count of fresh rows scans them all. */
export async function settleAfterBulkLoad(db: Db): Promise<void> {
  await db.execute(
    sql`VACUUM ANALYZE posts, news, media, news_texts, scheduled_posts, social_post_results, notifications`,
  );
}
