import { Sparkles } from 'lucide-react';
import {
  memo,
  Suspense,
  useDeferredValue,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type Dispatch,
  type SetStateAction,
} from 'react';
import { toast } from '@/components/ui/toast';
import { WhenOpened, retryableLazy } from '@/components/ui/lazy-panel';
import { Button } from '@/components/ui/button';
import { SearchField } from '@/components/ui/search-field';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { PageHeader } from '@/components/ui/page-header';
import { screenHeader } from '../messages';
import { Skeleton } from '@/components/ui/skeleton';
import type { AiNewsItem, NewsCategory, NewsStatus } from '@/contract';
import { errorMessage } from '@/lib/http/api-error';
import { deniedProps, useCan } from '@/lib/use-can';
import { useNews } from '../api/get-news';
import { usePublishNews } from '../api/publish-news';
import { useRejectNews } from '../api/reject-news';
import { useRetryNews } from '../api/retry-news';
import { STATUS_LABELS } from '@/lib/labels';
import { messages } from '../messages';
import type { NewsActions } from './news-table';
import { afterPaint } from '@/lib/idle';
import { compareNames } from '@/lib/format';

// The generate dialog (Radix dialog, ~10 KB gzip) loads with its first opening, not before the heading.
const GenerateDialog = retryableLazy(() => import('./generate-dialog').then((m) => ({ default: m.GenerateDialog })));
// The details dialog likewise: its code loads with the first Details.
const NewsDetailsDialog = retryableLazy(() =>
  import('./news-details-dialog').then((m) => ({ default: m.NewsDetailsDialog })),
);
// The virtualized list (TanStack Virtual, 10 KB gzip) is not needed before the news have arrived: it loads once the
// screen has painted, beside the list's request (an idle moment would come only once the list is read), or with the
// data if that is sooner; until then the loading skeleton stays.
const loadTable = () => import('./news-table');
const NewsTable = retryableLazy(() => loadTable().then((m) => ({ default: m.NewsTable })));
const tableSkeleton = <Skeleton className="h-80 w-full" />;

const CATEGORY_FILTER = [
  { value: 'all', label: messages.allCategories },
  ...(['Technologie', 'Umwelt', 'Wirtschaft', 'Wissenschaft', 'Gesundheit'] satisfies NewsCategory[]).map((c) => ({
    value: c,
    label: c,
  })),
] as const;
const STATUS_FILTER = [
  { value: 'all', label: messages.allStatus },
  ...(['published', 'scheduled', 'draft', 'review', 'failed', 'rejected'] satisfies NewsStatus[]).map((s) => ({
    value: s,
    label: STATUS_LABELS[s],
  })),
] as const;

interface BrowserProps {
  items: AiNewsItem[] | undefined;
  pending: boolean;
  error: Error | null;
  refetch: () => unknown;
  actions: NewsActions;
}

interface FiltersProps {
  sources: string[];
  source: string;
  setSource: Dispatch<SetStateAction<string>>;
  category: NewsCategory | 'all';
  setCategory: Dispatch<SetStateAction<NewsCategory | 'all'>>;
  status: NewsStatus | 'all';
  setStatus: Dispatch<SetStateAction<NewsStatus | 'all'>>;
}

/** Source, category and status: memoized, a search keystroke does not render the three selects. */
const Filters = memo(function Filters({
  sources,
  source,
  setSource,
  category,
  setCategory,
  status,
  setStatus,
}: FiltersProps) {
  return (
    <>
      <div className="grid gap-1">
        <Label htmlFor="news-source">Quelle</Label>
        <NativeSelect
          id="news-source"
          value={source}
          onValueChange={setSource}
          options={[{ value: 'all', label: messages.allSources }, ...sources.map((s) => ({ value: s, label: s }))]}
        />
      </div>
      <div className="grid gap-1">
        <Label htmlFor="news-category">Kategorie</Label>
        <NativeSelect id="news-category" value={category} onValueChange={setCategory} options={CATEGORY_FILTER} />
      </div>
      <div className="grid gap-1">
        <Label htmlFor="news-status">Status</Label>
        <NativeSelect id="news-status" value={status} onValueChange={setStatus} options={STATUS_FILTER} />
      </div>
    </>
  );
});

/** Search, filters and the list with the state they share: a keystroke re-renders this, not the header or the dialog. */
const NewsBrowser = memo(function NewsBrowser({ items, pending, error, refetch, actions }: BrowserProps) {
  const [search, setSearch] = useState('');
  const [source, setSource] = useState('all');
  const [category, setCategory] = useState<NewsCategory | 'all'>('all');
  const [status, setStatus] = useState<NewsStatus | 'all'>('all');

  // Lower-cased titles built once per list, so a search keystroke only scans strings.
  const indexed = useMemo(() => (items ?? []).map((item) => ({ item, title: item.title.toLowerCase() })), [items]);
  // The desk's own sources: the ones its stories carry, not a fixed list.
  const sources = useMemo(() => [...new Set((items ?? []).map((item) => item.source))].sort(compareNames), [items]);
  const visible = useMemo(() => {
    const needle = search.trim().toLowerCase();
    const out: AiNewsItem[] = [];
    for (const { item, title } of indexed) {
      if (
        (source === 'all' || item.source === source) &&
        (category === 'all' || item.category === category) &&
        (status === 'all' || item.status === status) &&
        (!needle || title.includes(needle))
      )
        out.push(item);
    }
    return out;
  }, [indexed, search, source, category, status]);

  return (
    <>
      <div className="grid gap-3 rounded-lg border bg-card p-4 md:grid-cols-4">
        <div className="grid gap-1">
          <Label htmlFor="news-search">Suche</Label>
          <SearchField id="news-search" label={messages.searchLabel} value={search} onValueChange={setSearch} />
        </div>
        <Filters
          sources={sources}
          source={source}
          setSource={setSource}
          category={category}
          setCategory={setCategory}
          status={status}
          setStatus={setStatus}
        />
      </div>

      {pending ? (
        tableSkeleton
      ) : error ? (
        <div role="alert" className="rounded-lg border border-destructive/50 p-6 text-sm">
          <p className="font-medium">{messages.loadError}</p>
          <p className="text-muted-foreground">{errorMessage(error)}</p>
          <Button variant="outline" className="mt-3" onClick={() => void refetch()}>
            Erneut laden
          </Button>
        </div>
      ) : (
        <Suspense fallback={tableSkeleton}>
          <div className="space-y-2">
            <p className="text-sm text-muted-foreground" data-testid="news-count" aria-live="polite">
              {messages.count(visible.length, indexed.length)}
            </p>
            <NewsTable items={visible} actions={actions} />
          </div>
        </Suspense>
      )}
    </>
  );
});

export function AiNewsPage() {
  // The render that shows arrived (or changed) news runs in slices, as a deferred render: a query's update alone is
  // rendered in one task (useSyncExternalStore), and with the list that task was a long one at 4× CPU.
  const news = useDeferredValue(useNews());
  useEffect(() => afterPaint(() => void loadTable()), []);
  const publish = usePublishNews();
  const reject = useRejectNews();
  const retry = useRetryNews();
  const [generating, setGenerating] = useState(false);
  const mayGenerate = useCan('news.generate');
  const [details, setDetails] = useState<{ item: AiNewsItem; open: boolean } | null>(null);

  const onPublish = (item: AiNewsItem) =>
    publish.mutate(item.id, {
      onSuccess: (next) => toast.success(messages.published, { description: messages.publishedText(next.title) }),
    });
  const onReject = (item: AiNewsItem) =>
    reject.mutate(item.id, {
      onSuccess: (next) => toast.success(messages.rejected, { description: messages.rejectedText(next.title) }),
    });
  const onRetry = (item: AiNewsItem) =>
    retry.mutate(item.id, {
      onSuccess: (next) => toast.success(messages.retried, { description: messages.retriedText(next.title) }),
    });
  // One identity for the row actions, so a mutation's state change does not re-render the list.
  const latest = useRef({ onPublish, onReject, onRetry });
  useLayoutEffect(() => {
    latest.current = { onPublish, onReject, onRetry };
  });
  const actions = useMemo<NewsActions>(
    () => ({
      onDetails: (item) => setDetails({ item, open: true }),
      onPublish: (item) => latest.current.onPublish(item),
      onReject: (item) => latest.current.onReject(item),
      onRetry: (item) => latest.current.onRetry(item),
    }),
    [],
  );

  return (
    <div className="space-y-6">
      <PageHeader
        {...screenHeader}
        actions={
          <Button onClick={() => setGenerating(true)} {...deniedProps(mayGenerate)}>
            <Sparkles aria-hidden />
            Generate News
          </Button>
        }
      />
      <NewsBrowser
        items={news.data}
        pending={news.isPending}
        error={news.isError ? news.error : null}
        refetch={news.refetch}
        actions={actions}
      />
      <WhenOpened open={generating}>
        <GenerateDialog open={generating} onOpenChange={setGenerating} />
      </WhenOpened>
      <WhenOpened open={details?.open ?? false}>
        {details && (
          <NewsDetailsDialog
            key={details.item.id}
            item={details.item}
            open={details.open}
            onOpenChange={(open) => setDetails({ ...details, open })}
          />
        )}
      </WhenOpened>
    </div>
  );
}
