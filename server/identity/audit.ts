// The audit trail: who did what, when, from where, with which outcome. Appended here only; no route edits or deletes
// an entry, and entries older than the retention are pruned.
import { randomUUID } from 'node:crypto';
import { and, desc, eq, gte, ilike, lt, or, sql, type SQL } from 'drizzle-orm';
import type { AuditEntry } from '../../src/contract';
import type { Database } from '../data/db/client';
import { auditLog } from '../data/db/schema';
import type { Actor } from './identity';

export interface AuditRecord {
  actor: Pick<Actor, 'kind' | 'userId' | 'name' | 'tokenName'> | { kind: 'anonymous'; name: string };
  action: string;
  targetId?: string | null;
  summary?: string;
  address?: string | null;
  status: number;
}

// Field names whose values never enter the trail, whatever the operation.
const SECRET_NAME = /key|password|passwort|token|secret|authorization|cookie|csrf|sig/i;
// Fields that say what a change was about; everything else (texts, scripts, files) stays out.
const TELLING = ['title', 'name', 'email', 'role', 'status', 'platform', 'platforms', 'topic', 'disabled', 'category'];

/** A short summary of a request's body without secrets: the telling fields, each cut short. */
export function summarize(body: unknown, extra: Record<string, unknown> = {}): string {
  const source = { ...(body && typeof body === 'object' && !Array.isArray(body) ? body : {}), ...extra } as Record<
    string,
    unknown
  >;
  const parts: string[] = [];
  for (const [name, value] of Object.entries(source)) {
    if (!TELLING.includes(name) || SECRET_NAME.test(name) || value === undefined || value === null) continue;
    const text = Array.isArray(value) ? value.join(', ') : typeof value === 'object' ? '' : String(value);
    if (text) parts.push(`${name}: ${text.length > 80 ? `${text.slice(0, 79)}…` : text}`);
  }
  return parts.join('; ').slice(0, 300);
}

function actorColumns(actor: AuditRecord['actor']) {
  if (actor.kind === 'anonymous') return { actorKind: 'user', actorId: null, actor: actor.name };
  const name = actor.kind === 'token' && actor.tokenName ? `${actor.name} · ${actor.tokenName}` : actor.name;
  return { actorKind: actor.kind, actorId: actor.userId, actor: name };
}

/** Appends an entry; a failure to write is logged, never the caller's failure (the change itself stands). */
export async function recordAudit(database: Database, entry: AuditRecord): Promise<void> {
  const outcome = entry.status < 400 ? 'ok' : entry.status === 401 || entry.status === 403 ? 'refused' : 'failed';
  try {
    await database.db.insert(auditLog).values({
      id: `audit-${randomUUID()}`,
      ...actorColumns(entry.actor),
      action: entry.action,
      targetId: entry.targetId ?? null,
      summary: entry.summary ?? '',
      address: entry.address ?? null,
      outcome,
      status: entry.status,
    });
  } catch (error) {
    console.error('[audit] Eintrag nicht geschrieben:', error instanceof Error ? error.message : error);
  }
}

export interface AuditFilter {
  actor?: string;
  action?: string;
  from?: string;
  to?: string;
}

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

function where(filter: AuditFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.actor) conditions.push(ilike(auditLog.actor, `%${escapeLike(filter.actor)}%`));
  if (filter.action)
    conditions.push(
      or(eq(auditLog.action, filter.action), ilike(auditLog.action, `${escapeLike(filter.action)}%`)) as SQL,
    );
  // Dates are the desk's calendar days in UTC; `to` includes its whole day.
  if (filter.from) conditions.push(gte(auditLog.at, `${filter.from}T00:00:00Z`));
  if (filter.to) conditions.push(lt(auditLog.at, sql`(${filter.to}::date + 1)::timestamptz`));
  return conditions.length ? and(...conditions) : undefined;
}

const toEntry = (row: typeof auditLog.$inferSelect): AuditEntry => ({
  id: row.id,
  at: new Date(row.at).toISOString(),
  actorKind: row.actorKind as AuditEntry['actorKind'],
  actorId: row.actorId,
  actor: row.actor,
  action: row.action,
  targetId: row.targetId,
  summary: row.summary,
  address: row.address,
  outcome: row.outcome as AuditEntry['outcome'],
  status: row.status,
});

export async function listAudit(
  database: Database,
  filter: AuditFilter,
  page: { limit: number; offset: number },
): Promise<{ entries: AuditEntry[]; total: number }> {
  const condition = where(filter);
  const rows = await database.db
    .select()
    .from(auditLog)
    .where(condition)
    .orderBy(desc(auditLog.seq))
    .limit(page.limit)
    .offset(page.offset);
  const [count] = await database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(auditLog)
    .where(condition);
  return { entries: rows.map(toEntry), total: count?.n ?? 0 };
}

const CSV_COLUMNS = [
  'at',
  'actor',
  'actorKind',
  'action',
  'targetId',
  'summary',
  'address',
  'outcome',
  'status',
] as const;

// A cell that a spreadsheet would run as a formula is quoted as text (CSV injection).
const csvCell = (value: unknown) => {
  const text = value === null || value === undefined ? '' : String(value);
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\n\r;]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

export function auditCsv(entries: AuditEntry[]): string {
  const lines = [CSV_COLUMNS.join(',')];
  for (const entry of entries) lines.push(CSV_COLUMNS.map((c) => csvCell(entry[c])).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

/** Deletes entries older than the retention (days); answers how many went. */
export async function pruneAudit(database: Database, retentionDays: number, now = Date.now()): Promise<number> {
  const before = new Date(now - retentionDays * 24 * 60 * 60 * 1000).toISOString();
  const gone = await database.db.delete(auditLog).where(lt(auditLog.at, before)).returning({ id: auditLog.id });
  return gone.length;
}
