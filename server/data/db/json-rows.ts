// A whole list read as one JSON text the database builds: PGlite's JavaScript reads each field of each row one by one,
// and one text is far cheaper to read than every field of a long list (figures in the README).
import { getTableColumns, getTableName, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client';

export interface JsonRowsQuery {
  where?: SQL;
  /** The list's order, newest first: this column descending. */
  newestFirst: PgColumn;
  limit?: number;
  offset?: number;
}

/**
 * The table's rows as drizzle's `select()` gives them (the schema's field names), in the query's order. For tables of
 * text, integer, double and jsonb columns only: a timestamp would come as JSON's text of it, not as drizzle gives it.
 */
export async function selectJsonRows<T extends PgTable>(
  db: Db,
  table: T,
  query: JsonRowsQuery,
): Promise<T['$inferSelect'][]> {
  const columns = Object.entries(getTableColumns(table)) as [string, PgColumn][];
  const result = await db.execute(jsonRowsSql(table, query));
  const text = (result as unknown as { rows: { rows: string }[] }).rows[0]?.rows ?? '[]';
  const raw = JSON.parse(text) as Record<string, unknown>[];
  return raw.map((row) => {
    const out: Record<string, unknown> = {};
    for (const [key, column] of columns) out[key] = row[column.name] ?? null;
    return out as T['$inferSelect'];
  });
}

/** The statement `selectJsonRows` runs: one row, one column `rows`, the JSON text. */
export function jsonRowsSql(table: PgTable, query: JsonRowsQuery): SQL {
  const order = sql.identifier(query.newestFirst.name);
  const inner = sql`SELECT * FROM ${sql.identifier(getTableName(table))}`;
  if (query.where) inner.append(sql` WHERE ${query.where}`);
  inner.append(sql` ORDER BY ${order} DESC`);
  if (query.limit !== undefined) inner.append(sql` LIMIT ${query.limit}`);
  if (query.offset) inner.append(sql` OFFSET ${query.offset}`);
  return sql`SELECT coalesce(json_agg(t ORDER BY t.${order} DESC), '[]')::text AS rows FROM (${inner}) t`;
}
