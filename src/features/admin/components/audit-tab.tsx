import { Download } from 'lucide-react';
import { useId, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatDateTimeMedium } from '@/lib/format';
import { useAudit, type AuditQuery } from '../api/get-audit';
import { useExportAudit } from '../api/export-audit';
import { messages } from '../messages';

const text = messages.audit;
const PAGE_SIZE = 50;
const OUTCOME_TONE = { ok: 'ok', failed: 'error', refused: 'warn' } as const;

type Filter = Pick<AuditQuery, 'actor' | 'action' | 'from' | 'to'>;
const EMPTY: Required<{ [K in keyof Filter]: string }> = { actor: '', action: '', from: '', to: '' };

/** Only the fields that say something: an empty field filters nothing and is not sent. */
const applied = (draft: typeof EMPTY): Filter =>
  Object.fromEntries(
    Object.entries(draft)
      .filter(([, v]) => v.trim() !== '')
      .map(([k, v]) => [k, v.trim()]),
  );

/** The audit trail „Protokoll“: who did what and when, filtered, 50 to a page, exported as CSV or JSON. */
export function AuditTab() {
  const id = useId();
  const [draft, setDraft] = useState(EMPTY);
  const [filter, setFilter] = useState<Filter>({});
  const [offset, setOffset] = useState(0);
  const audit = useAudit({ ...filter, limit: PAGE_SIZE, offset });
  const exporter = useExportAudit();
  const total = audit.data?.total ?? 0;
  const count = audit.data?.entries.length ?? 0;

  const field = (key: keyof typeof EMPTY, label: string, type: 'text' | 'date' = 'text') => (
    <div className="space-y-1.5">
      <Label htmlFor={`${id}-${key}`}>{label}</Label>
      <Input
        id={`${id}-${key}`}
        type={type}
        value={draft[key]}
        onChange={(e) => setDraft((d) => ({ ...d, [key]: e.target.value }))}
      />
    </div>
  );

  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-2">
        <div className="space-y-1.5">
          <CardTitle>{text.title}</CardTitle>
          <CardDescription>{text.description}</CardDescription>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="outline"
            disabled={exporter.isPending}
            onClick={() => exporter.mutate({ ...filter, format: 'csv' })}
          >
            <Download aria-hidden />
            {text.exportCsv}
          </Button>
          <Button
            variant="outline"
            disabled={exporter.isPending}
            onClick={() => exporter.mutate({ ...filter, format: 'json' })}
          >
            <Download aria-hidden />
            {text.exportJson}
          </Button>
        </div>
      </CardHeader>
      <CardContent className="space-y-4">
        <form
          className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_auto_auto_auto] lg:items-end"
          aria-label={text.title}
          onSubmit={(e) => {
            e.preventDefault();
            setFilter(applied(draft));
            setOffset(0);
          }}
        >
          {field('actor', text.columns.actor)}
          {field('action', text.columns.action)}
          {field('from', text.from, 'date')}
          {field('to', text.to, 'date')}
          <div className="flex gap-2">
            <Button type="submit">{text.apply}</Button>
            <Button
              type="button"
              variant="ghost"
              onClick={() => {
                setDraft(EMPTY);
                setFilter({});
                setOffset(0);
              }}
            >
              {text.reset}
            </Button>
          </div>
        </form>
        {audit.isPending && <Skeleton className="h-40 w-full" />}
        {audit.isError && (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {text.loadFailed}
          </p>
        )}
        {audit.data && count === 0 && <p className="text-sm text-muted-foreground">{text.empty}</p>}
        {audit.data && count > 0 && (
          // Focusable: the wide table scrolls sideways, and a keyboard must be able to scroll it too.
          <div
            role="region"
            aria-label={text.title}
            tabIndex={0}
            className="relative w-full overflow-x-auto rounded-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            <table
              className="w-full caption-bottom text-sm"
              aria-label={text.title}
              aria-busy={audit.isPlaceholderData || undefined}
            >
              <TableHeader>
                <TableRow>
                  <TableHead>{text.columns.at}</TableHead>
                  <TableHead>{text.columns.actor}</TableHead>
                  <TableHead>{text.columns.action}</TableHead>
                  <TableHead>{text.columns.target}</TableHead>
                  <TableHead>{text.columns.summary}</TableHead>
                  <TableHead>{text.columns.address}</TableHead>
                  <TableHead>{text.columns.outcome}</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {audit.data.entries.map((e) => (
                  <TableRow key={e.id}>
                    <TableCell className="whitespace-nowrap tabular-nums">{formatDateTimeMedium(e.at)}</TableCell>
                    <TableCell>{e.actor}</TableCell>
                    <TableCell className="font-mono text-xs">{e.action}</TableCell>
                    <TableCell className="font-mono text-xs">{e.targetId ?? '–'}</TableCell>
                    <TableCell className="min-w-48">{e.summary}</TableCell>
                    <TableCell className="font-mono text-xs">{e.address ?? '–'}</TableCell>
                    <TableCell>
                      <Badge tone={OUTCOME_TONE[e.outcome]}>{text.outcome[e.outcome]}</Badge>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </table>
          </div>
        )}
        {audit.data && total > 0 && (
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="text-sm text-muted-foreground tabular-nums" aria-live="polite">
              {text.range(offset + 1, offset + count, total)}
            </p>
            <div className="flex gap-2">
              <Button
                variant="outline"
                size="sm"
                disabled={offset === 0 || audit.isFetching}
                onClick={() => setOffset(Math.max(0, offset - PAGE_SIZE))}
              >
                {text.previous}
              </Button>
              <Button
                variant="outline"
                size="sm"
                disabled={offset + PAGE_SIZE >= total || audit.isFetching}
                onClick={() => setOffset(offset + PAGE_SIZE)}
              >
                {text.next}
              </Button>
            </div>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
