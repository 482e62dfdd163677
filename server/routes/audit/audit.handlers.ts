// The audit trail „Protokoll“ for administrators: read and export only.
import type { Hono } from 'hono';
import type { AppEnv } from '../../context';
import { register } from '../../http/operation';
import { auditCsv, listAudit } from '../../identity/audit';

const EXPORT_MAX = 100_000;

export function registerAudit(app: Hono<AppEnv>): void {
  register(app, 'audit.list', async ({ query, c }) => {
    const { entries, total } = await listAudit(c.get('deps').database, query, {
      limit: query.limit ?? 50,
      offset: query.offset ?? 0,
    });
    c.header('X-Total-Count', String(total));
    return entries;
  });

  register(app, 'audit.export', async ({ query, c }) => {
    const { entries } = await listAudit(c.get('deps').database, query, { limit: EXPORT_MAX, offset: 0 });
    const day = new Date().toISOString().slice(0, 10);
    const csv = query.format === 'csv';
    return new Response(csv ? auditCsv(entries) : JSON.stringify(entries, null, 2), {
      headers: {
        'Content-Type': csv ? 'text/csv; charset=utf-8' : 'application/json; charset=utf-8',
        'Content-Disposition': `attachment; filename="newsdesk-protokoll-${day}.${query.format}"`,
      },
    });
  });
}
