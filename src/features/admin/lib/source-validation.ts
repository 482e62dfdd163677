import type { FeedSource } from '@/contract';
import { loadContract } from '@/lib/api/client';

/** The add and edit form's values. */
export interface SourceDraft {
  name: string;
  url: string;
  category: string;
  language: FeedSource['language'];
  enabled: boolean;
}
export type SourceField = 'name' | 'url' | 'category';
export type SourceErrors = Partial<Record<SourceField, string>>;

const FIELDS: ReadonlySet<string> = new Set<SourceField>(['name', 'url', 'category']);
const isField = (key: string): key is SourceField => FIELDS.has(key);

/** Checks a draft with the contract's schema, so the form shows the server's own German messages at each field. */
export async function validateSource(
  draft: SourceDraft,
): Promise<{ ok: true; value: SourceDraft } | { ok: false; errors: SourceErrors }> {
  const { schemas } = await loadContract();
  const result = schemas.NewFeedSource.safeParse({ ...draft, url: draft.url.trim() });
  if (result.success) return { ok: true, value: result.data };
  const errors: SourceErrors = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0]);
    if (isField(field)) errors[field] ??= issue.message;
  }
  return { ok: false, errors };
}
