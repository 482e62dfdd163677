import { ExternalLink } from 'lucide-react';
import { Fragment, type ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import type { AiNewsDetails, AiNewsItem, NewsPlatformResult, NewsSourceRef } from '@/contract';
import { formatDateTimeMedium } from '@/lib/format';
import { errorMessage } from '@/lib/http/api-error';
import { PLATFORM_LABELS, STATUS_LABELS } from '@/lib/labels';
import { useNewsDetails } from '../api/get-news-details';
import { detailsMessages as text } from '../lib/details-messages';
import { STATUS_TONE } from '../lib/status-tone';

const PLATFORM_TONE: Record<NewsPlatformResult['state'], 'ok' | 'info' | 'neutral' | 'error'> = {
  pending: 'info',
  published: 'ok',
  failed: 'error',
  skipped: 'neutral',
};

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-2">
      <h3 className="text-sm font-semibold">{title}</h3>
      {children}
    </section>
  );
}

/** The sources that carried the item, each linked to its own report where that is another address than the item's. */
function Carriers({ source }: { source: NewsSourceRef }) {
  const links = source.links?.length ? source.links : source.sources.map((name) => ({ source: name, url: source.url }));
  return links.map((link, i) => (
    <Fragment key={`${link.source}-${i}`}>
      {i > 0 && ', '}
      {link.url === source.url ? (
        link.source
      ) : (
        <a href={link.url} target="_blank" rel="noopener noreferrer" className="underline underline-offset-2">
          {link.source}
        </a>
      )}
    </Fragment>
  ));
}

function SourceEntry({ source }: { source: NewsSourceRef }) {
  return (
    <li className="flex gap-2 text-sm" data-testid={`news-details-source-${source.n}`}>
      <span className="w-6 shrink-0 text-right tabular-nums text-muted-foreground">[{source.n}]</span>
      <div className="min-w-0 space-y-0.5">
        <a
          href={source.url}
          target="_blank"
          rel="noopener noreferrer"
          className="font-medium break-words underline underline-offset-2 hover:text-primary"
        >
          {source.title}
        </a>
        <p className="text-muted-foreground">
          <Carriers source={source} /> · {source.publishedAt ? formatDateTimeMedium(source.publishedAt) : text.noDate}
        </p>
      </div>
    </li>
  );
}

function PlatformEntry({ result }: { result: NewsPlatformResult }) {
  return (
    <li className="flex flex-wrap items-center gap-2 text-sm" data-testid={`news-details-platform-${result.platform}`}>
      <span className="font-medium">{PLATFORM_LABELS[result.platform]}</span>
      <Badge tone={PLATFORM_TONE[result.state]}>{text.states[result.state]}</Badge>
      {result.reason && <span className="text-muted-foreground">{result.reason}</span>}
    </li>
  );
}

function DetailsBody({ details }: { details: AiNewsDetails }) {
  return (
    <div className="space-y-5">
      {details.teaser && <p className="text-sm">{details.teaser}</p>}
      {details.script && (
        <Section title={text.script}>
          <p className="whitespace-pre-line rounded-md border bg-muted/40 p-3 text-sm leading-relaxed">
            {details.script}
          </p>
        </Section>
      )}
      <Section title={text.sources}>
        {details.sources.length > 0 ? (
          <ol className="space-y-2" aria-label={text.sources}>
            {details.sources.map((s) => (
              <SourceEntry key={s.n} source={s} />
            ))}
          </ol>
        ) : (
          <p className="text-sm text-muted-foreground">{text.noSourceTexts}</p>
        )}
      </Section>
      <p className="text-sm" data-testid="news-details-written-by">
        <span className="text-muted-foreground">{text.writtenBy}</span> {details.writtenBy}
      </p>
      {details.approvedBy && (
        <p className="text-sm" data-testid="news-details-approved-by">
          {text.approvedBy(details.approvedBy)}
        </p>
      )}
      {details.disclosure && (
        <Section title={text.disclosure}>
          <p className="text-sm" data-testid="news-details-disclosure">
            {details.disclosure}
          </p>
        </Section>
      )}
      {details.publicUrl && (
        <a
          href={details.publicUrl}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex items-center gap-1 text-sm font-medium underline underline-offset-2"
        >
          <ExternalLink className="size-4" aria-hidden />
          {text.publicPage}
        </a>
      )}
      <Section title={text.platforms}>
        {details.platforms.length > 0 ? (
          <ul className="space-y-1.5">
            {details.platforms.map((p) => (
              <PlatformEntry key={p.platform} result={p} />
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground">{text.noPlatforms}</p>
        )}
      </Section>
    </div>
  );
}

/** A story's details (GET /news/{id}): teaser, script with its citations, the items it cites, disclosure and platforms. */
export function NewsDetailsDialog({
  item,
  open,
  onOpenChange,
}: {
  item: AiNewsItem;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const details = useNewsDetails(item.id);
  const status = details.data?.status ?? item.status;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent data-testid="news-details" className="sm:max-w-2xl">
        <DialogHeader className="pr-6">
          <DialogTitle>{details.data?.title ?? item.title}</DialogTitle>
          <DialogDescription>{text.description}</DialogDescription>
          <div>
            <Badge tone={STATUS_TONE[status]}>{STATUS_LABELS[status]}</Badge>
          </div>
        </DialogHeader>
        {details.isPending ? (
          <div className="space-y-3" aria-busy="true">
            <Skeleton className="h-5 w-3/4" />
            <Skeleton className="h-24 w-full" />
            <Skeleton className="h-16 w-full" />
          </div>
        ) : details.isError ? (
          <div role="alert" className="space-y-2 text-sm">
            <p className="font-medium">{text.loadError}</p>
            <p className="text-muted-foreground">{errorMessage(details.error)}</p>
            <Button variant="outline" onClick={() => void details.refetch()}>
              {text.reload}
            </Button>
          </div>
        ) : (
          <DetailsBody details={details.data} />
        )}
      </DialogContent>
    </Dialog>
  );
}
