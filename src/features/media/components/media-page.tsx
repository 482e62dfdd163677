import { CalendarRange, Filter, Upload } from 'lucide-react';
import { memo, useCallback, useDeferredValue, useMemo, useState, type Dispatch, type SetStateAction } from 'react';
import { toast } from '@/components/ui/toast';
import { WhenOpened, retryableLazy } from '@/components/ui/lazy-panel';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { SearchField } from '@/components/ui/search-field';
import { Label } from '@/components/ui/label';
import { NativeSelect, type SelectOption } from '@/components/ui/native-select';
import { PageHeader } from '@/components/ui/page-header';
import { screenHeader } from '../messages';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import type { MediaFile, MediaType } from '@/contract';
import { compareIso, formatDay } from '@/lib/format';
import { errorMessage } from '@/lib/http/api-error';
import { deniedProps, useCan } from '@/lib/use-can';
import { useDeleteMedia } from '../api/delete-media';
import { useMedia } from '../api/get-media';
import { messages } from '../messages';
import { MediaGrid } from './media-grid';

// The dialogs (Radix dialog, alert dialog, the upload's file checks: ~14 KB gzip) load with their first opening.
const UploadDialog = retryableLazy(() => import('./upload-dialog').then((m) => ({ default: m.UploadDialog })));
const PreviewDialog = retryableLazy(() => import('./preview-dialog').then((m) => ({ default: m.PreviewDialog })));
const ConfirmDelete = retryableLazy(() =>
  import('@/components/confirm-delete').then((m) => ({ default: m.default<MediaFile> })),
);

type TypeFilter = 'all' | MediaType;
type SortOrder = 'newest' | 'oldest' | 'views' | 'title';
const TABS: Array<{ value: TypeFilter; label: string }> = [
  { value: 'all', label: 'All' },
  { value: 'video', label: 'Videos' },
  { value: 'audio', label: 'Audio' },
  { value: 'image', label: 'Images' },
];
const SORT_ORDERS: ReadonlyArray<SelectOption<SortOrder>> = [
  { value: 'newest', label: 'Neueste zuerst' },
  { value: 'oldest', label: 'Älteste zuerst' },
  { value: 'views', label: 'Meiste Aufrufe' },
  { value: 'title', label: 'Titel A–Z' },
];
// Made when first sorted by title: a collator sets up ICU's collation data in one long task.
let german: Intl.Collator | undefined;
const collator = { compare: (a: string, b: string) => (german ??= new Intl.Collator('de')).compare(a, b) };

interface BrowserProps {
  all: MediaFile[];
  pending: boolean;
  error: Error | null;
  onPreview: (item: MediaFile) => void;
  onDelete: (item: MediaFile) => void;
}

/** Search, filters, tabs and the grid with the state they share: a keystroke re-renders this, not the header or the dialogs. */
interface TogglesProps {
  showFilter: boolean;
  setShowFilter: Dispatch<SetStateAction<boolean>>;
  showDate: boolean;
  setShowDate: Dispatch<SetStateAction<boolean>>;
}

const FILTER_ICON = <Filter aria-hidden />;
const DATE_ICON = <CalendarRange aria-hidden />;

/** The Filter and Date buttons: memoized, a search keystroke does not render them. */
const Toggles = memo(function Toggles({ showFilter, setShowFilter, showDate, setShowDate }: TogglesProps) {
  return (
    <>
      <Button
        variant="outline"
        aria-expanded={showFilter}
        aria-controls="media-filter"
        onClick={() => setShowFilter((v) => !v)}
      >
        {FILTER_ICON}Filter
      </Button>
      <Button
        variant="outline"
        aria-expanded={showDate}
        aria-controls="media-date"
        onClick={() => setShowDate((v) => !v)}
      >
        {DATE_ICON}Date
      </Button>
    </>
  );
});

/** The type tabs with their counts: memoized (the counts change with the library, not with a search). */
const TypeTabs = memo(function TypeTabs({ counts }: { counts: Record<TypeFilter, number> }) {
  return (
    <TabsList aria-label="Medientyp">
      {TABS.map((t) => (
        <TabsTrigger key={t.value} value={t.value}>
          {t.label}{' '}
          <span className="rounded bg-muted-foreground/15 px-1.5 text-xs tabular-nums" data-testid={`count-${t.value}`}>
            {counts[t.value]}
          </span>
        </TabsTrigger>
      ))}
    </TabsList>
  );
});

const MediaBrowser = memo(function MediaBrowser({ all, pending, error, onPreview, onDelete }: BrowserProps) {
  const [type, setType] = useState<TypeFilter>('all');
  const [search, setSearch] = useState('');
  const [showFilter, setShowFilter] = useState(false);
  const [showDate, setShowDate] = useState(false);
  const [sort, setSort] = useState<SortOrder>('newest');
  const [minViews, setMinViews] = useState(0);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  // Stable, so that the tabs keep their context over a search keystroke.
  const onTab = useCallback((value: string) => setType(value as TypeFilter), []);

  const counts = useMemo(() => {
    const c = { all: all.length, video: 0, audio: 0, image: 0 };
    for (const m of all) c[m.type] += 1;
    return c;
  }, [all]);
  // Sorted once per order and indexed once per list, so a search keystroke only filters.
  const sorted = useMemo(() => {
    const by: Record<SortOrder, (a: MediaFile, b: MediaFile) => number> = {
      newest: (a, b) => compareIso(b.date, a.date),
      oldest: (a, b) => compareIso(a.date, b.date),
      views: (a, b) => b.views - a.views,
      title: (a, b) => collator.compare(a.title, b.title),
    };
    return all
      .map((m) => ({ m, text: `${m.title.toLowerCase()}\n${m.date}\n${formatDay(m.date)}` }))
      .sort((a, b) => by[sort](a.m, b.m));
  }, [all, sort]);
  const visible = useMemo(() => {
    const needle = search.trim().toLowerCase();
    const list: MediaFile[] = [];
    for (const { m, text } of sorted) {
      if (
        (type === 'all' || m.type === type) &&
        (!needle || text.includes(needle)) &&
        m.views >= minViews &&
        (!from || m.date >= from) &&
        (!to || m.date.slice(0, 10) <= to)
      )
        list.push(m);
    }
    return list;
  }, [sorted, type, search, minViews, from, to]);

  return (
    <>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <SearchField
          className="flex-1"
          label={messages.searchLabel}
          placeholder="Titel oder Datum (z. B. 15.01.2024) …"
          value={search}
          onValueChange={setSearch}
        />
        <Toggles showFilter={showFilter} setShowFilter={setShowFilter} showDate={showDate} setShowDate={setShowDate} />
      </div>
      {showFilter && (
        <div id="media-filter" className="grid gap-3 rounded-lg border bg-card p-4 sm:grid-cols-3">
          <div className="grid gap-1">
            <Label htmlFor="media-sort">Sortierung</Label>
            <NativeSelect id="media-sort" value={sort} onValueChange={setSort} options={SORT_ORDERS} />
          </div>
          <div className="grid gap-1">
            <Label htmlFor="media-views">Mindestens Aufrufe</Label>
            <Input
              id="media-views"
              type="number"
              min={0}
              step={100}
              value={minViews}
              onChange={(e) => setMinViews(Math.max(0, Number(e.target.value) || 0))}
            />
          </div>
        </div>
      )}
      {showDate && (
        <div id="media-date" className="grid gap-3 rounded-lg border bg-card p-4 sm:grid-cols-3">
          <div className="grid gap-1">
            <Label htmlFor="media-from">Von</Label>
            <Input id="media-from" type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
          </div>
          <div className="grid gap-1">
            <Label htmlFor="media-to">Bis</Label>
            <Input id="media-to" type="date" value={to} onChange={(e) => setTo(e.target.value)} />
          </div>
        </div>
      )}
      <Tabs value={type} onValueChange={onTab}>
        <TypeTabs counts={counts} />
        {TABS.map((t) => (
          <TabsContent key={t.value} value={t.value}>
            {pending ? (
              <Skeleton className="h-64 w-full" />
            ) : error ? (
              <div role="alert" className="rounded-lg border border-destructive/50 p-6 text-sm">
                <p className="font-medium">{messages.loadError}</p>
                <p className="text-muted-foreground">{errorMessage(error)}</p>
              </div>
            ) : visible.length === 0 ? (
              <p className="rounded-lg border p-8 text-center text-sm text-muted-foreground">{messages.empty}</p>
            ) : (
              <MediaGrid
                resetKey={[type, search, minViews, from, to, sort].join('|')}
                items={visible}
                onPreview={onPreview}
                onDelete={onDelete}
              />
            )}
          </TabsContent>
        ))}
      </Tabs>
    </>
  );
});

export function MediaPage() {
  const media = useMedia();
  const remove = useDeleteMedia();
  const [uploading, setUploading] = useState(false);
  const [previewing, setPreviewing] = useState<MediaFile | null>(null);
  const [deleting, setDeleting] = useState<MediaFile | null>(null);
  // The library's cards are drawn in a transition, in slices between which the browser paints and takes input: drawn
  // with the answer (a render the query cache cannot slice) they were one long task. The skeleton stays until then.
  const shown = useDeferredValue(media.data);
  const all = useMemo(() => shown ?? [], [shown]);
  const mayUpload = useCan('media.upload');

  return (
    <div className="space-y-6">
      <PageHeader
        {...screenHeader}
        actions={
          <Button onClick={() => setUploading(true)} {...deniedProps(mayUpload)}>
            <Upload aria-hidden />
            Upload Media
          </Button>
        }
      />
      <MediaBrowser
        all={all}
        pending={media.isPending || (media.data !== undefined && shown === undefined)}
        error={media.isError ? media.error : null}
        onPreview={setPreviewing}
        onDelete={setDeleting}
      />
      <WhenOpened open={uploading}>
        <UploadDialog open={uploading} onOpenChange={setUploading} />
      </WhenOpened>
      <WhenOpened open={previewing !== null}>
        <PreviewDialog item={previewing} onOpenChange={(open) => !open && setPreviewing(null)} />
      </WhenOpened>
      <WhenOpened open={deleting !== null}>
        <ConfirmDelete
          item={deleting}
          onClose={() => setDeleting(null)}
          question={messages.deleteQuestion}
          text={messages.deleteText}
          onConfirm={(item) =>
            remove.mutate(item.id, {
              onSuccess: () => toast.success(messages.deleted, { description: messages.deletedText(item.title) }),
            })
          }
        />
      </WhenOpened>
    </div>
  );
}
