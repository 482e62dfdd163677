import type { AuditEntry } from '@/contract';
import { auditFixtures } from '../fixtures/audit';
import { registerStore } from './index';

let entries: AuditEntry[] = [];
let nextId = 1;

registerStore((scenario) => {
  entries = scenario === 'empty' ? [] : auditFixtures.map((e) => ({ ...e }));
  nextId = 1;
});

export interface AuditFilter {
  actor?: string;
  action?: string;
  /** YYYY-MM-DD, inclusive. */
  from?: string;
  to?: string;
}

const contains = (value: string, part: string | undefined) =>
  !part?.trim() || value.toLowerCase().includes(part.trim().toLowerCase());

/** The entries matching the filter, newest first. */
export function listAudit(filter: AuditFilter = {}): AuditEntry[] {
  return entries
    .filter(
      (e) =>
        contains(e.actor, filter.actor) &&
        contains(e.action, filter.action) &&
        (!filter.from || e.at.slice(0, 10) >= filter.from) &&
        (!filter.to || e.at.slice(0, 10) <= filter.to),
    )
    .sort((a, b) => b.at.localeCompare(a.at))
    .map((e) => ({ ...e }));
}

/** Appends what the demo's administrator just did (the trail is append-only, like the server's). */
export function recordAudit(
  entry: Pick<AuditEntry, 'action' | 'summary'> & Partial<Pick<AuditEntry, 'targetId' | 'outcome' | 'status'>>,
): void {
  entries.push({
    id: `audit-new-${nextId++}`,
    at: new Date().toISOString(),
    actorKind: 'user',
    actorId: 'user-admin',
    actor: 'Administrator',
    targetId: null,
    address: '127.0.0.1',
    outcome: 'ok',
    status: 200,
    ...entry,
  });
}
