import { HttpResponse } from 'msw';
import type { AuditEntry } from '@/contract';
import { handle } from '../contract-handler';
import { listAudit } from '../store/audit';
import type { AnyHandler } from '../types';

const COLUMNS = ['at', 'actor', 'actorKind', 'action', 'targetId', 'summary', 'address', 'outcome', 'status'] as const;

/** RFC 4180: a field with a comma, quote or line break is quoted, its quotes doubled. */
function csvField(value: AuditEntry[(typeof COLUMNS)[number]]): string {
  const text = value === null ? '' : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function toCsv(entries: AuditEntry[]): string {
  const rows = entries.map((e) => COLUMNS.map((c) => csvField(e[c])).join(','));
  return `${[COLUMNS.join(','), ...rows].join('\r\n')}\r\n`;
}

/** The audit trail „Protokoll“: filtered and paged with X-Total-Count, and exported as CSV or JSON. */
export const auditHandlers: AnyHandler[] = [
  handle('audit.list', ({ query }) => {
    const matching = listAudit(query);
    const offset = query.offset ?? 0;
    const page = matching.slice(offset, query.limit === undefined ? undefined : offset + query.limit);
    return HttpResponse.json(page, { headers: { 'X-Total-Count': String(matching.length) } });
  }),
  handle('audit.export', ({ query }) => {
    const entries = listAudit(query);
    return query.format === 'json'
      ? new HttpResponse(JSON.stringify(entries, null, 2), { headers: { 'Content-Type': 'application/json' } })
      : new HttpResponse(toCsv(entries), { headers: { 'Content-Type': 'text/csv; charset=utf-8' } });
  }),
];
