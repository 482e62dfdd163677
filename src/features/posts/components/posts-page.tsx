import { CalendarRange, FileText, Filter, Plus, Send, Clock, PenLine } from 'lucide-react';
import {
  memo,
  Suspense,
  useCallback,
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
import { Card, CardContent } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { SearchField } from '@/components/ui/search-field';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { PageHeader } from '@/components/ui/page-header';
import { screenHeader } from '../messages';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/http/api-error';
import type { Post, PostStatus } from '@/contract';
import { deniedProps, useCan } from '@/lib/use-can';
import { useCreatePost } from '../api/create-post';
import { useDeletePost } from '../api/delete-post';
import { usePosts } from '../api/get-posts';
import { useSharePost } from '../api/share-post';
import { useUpdatePost } from '../api/update-post';
import {
  countPosts,
  DEFAULT_QUERY,
  filterPosts,
  indexPosts,
  sortPosts,
  type PostQuery,
  type SortKey,
} from '../lib/query-posts';
import { PLATFORM_LABELS, STATUS_LABELS } from '@/lib/labels';
import { PLATFORM_OPTIONS } from '@/lib/platform-options';
import { messages } from '../messages';
import { CATEGORIES } from '../lib/post-fields';
import type { RowActions } from './posts-table';
import { afterPaint } from '@/lib/idle';

// The dialogs (Radix dialog and alert dialog, ~12 KB gzip) load with their first opening, not before the heading.
const PostFormDialog = retryableLazy(() => import('./post-form-dialog').then((m) => ({ default: m.PostFormDialog })));
const PostPreviewDialog = retryableLazy(() =>
  import('./post-preview-dialog').then((m) => ({ default: m.PostPreviewDialog })),
);
const ConfirmDelete = retryableLazy(() =>
  import('@/components/confirm-delete').then((m) => ({ default: m.default<Post> })),
);

const STATUS_FILTER = [
  { value: 'all', label: 'Alle Status' },
  ...(['published', 'scheduled', 'draft', 'review', 'failed'] satisfies PostStatus[]).map((s) => ({
    value: s,
    label: STATUS_LABELS[s],
  })),
] as const;
const PLATFORM_FILTER = [{ value: 'all', label: 'Alle Plattformen' }, ...PLATFORM_OPTIONS] as const;

function Counter({ label, value, icon: Icon }: { label: string; value: number; icon: typeof FileText }) {
  return (
    <Card>
      <CardContent className="flex items-center justify-between p-4">
        <div>
          <p className="text-sm text-muted-foreground">{label}</p>
          <p className="text-2xl font-bold tabular-nums" data-testid={`counter-${label}`}>
            {value}
          </p>
        </div>
        <Icon className="size-6 text-muted-foreground" aria-hidden />
      </CardContent>
    </Card>
  );
}

interface BrowserProps {
  posts: Post[];
  categories: string[];
  pending: boolean;
  error: Error | null;
  refetch: () => unknown;
  actions: RowActions;
}

/**
 * Search, filters and the table, with the query state they share: a keystroke re-renders this and the rows, not the
 * header, the counters or the closed dialogs of the page.
 */
// The virtualized table (TanStack Virtual, 10 KB gzip) is not needed before the posts have arrived: it loads once the
// screen has painted, beside the list's request (an idle moment would come only once the list is read), or with the
// data if that is sooner; until then the loading skeleton stays.
const loadTable = () => import('./posts-table');
const PostsTable = retryableLazy(() => loadTable().then((m) => ({ default: m.PostsTable })));
// What the data brings, line for line: the count above the table (a text-sm line), and the table at its full height (its
// 36rem scroll box and border, which from nine posts on it fills), so the counters below stay where they are.
const tableSkeleton = (
  <>
    <Skeleton className="h-5 w-40" />
    <Skeleton className="h-[calc(36rem+2px)] w-full" />
  </>
);

const FILTER_ICON = <Filter aria-hidden />;
const DATES_ICON = <CalendarRange aria-hidden />;

interface TogglesProps {
  showFilter: boolean;
  setShowFilter: Dispatch<SetStateAction<boolean>>;
  showDates: boolean;
  setShowDates: Dispatch<SetStateAction<boolean>>;
  activeFilters: number;
}

/** The Filter and Date Range buttons: memoized, a search keystroke does not render them. */
const Toggles = memo(function Toggles({
  showFilter,
  setShowFilter,
  showDates,
  setShowDates,
  activeFilters,
}: TogglesProps) {
  return (
    <>
      <Button
        variant="outline"
        aria-expanded={showFilter}
        aria-controls="posts-filter"
        onClick={() => setShowFilter((v) => !v)}
      >
        {FILTER_ICON}Filter{activeFilters > 0 && ` (${activeFilters})`}
      </Button>
      <Button
        variant="outline"
        aria-expanded={showDates}
        aria-controls="posts-dates"
        onClick={() => setShowDates((v) => !v)}
      >
        {DATES_ICON}Date Range
      </Button>
    </>
  );
});

const PostsBrowser = memo(function PostsBrowser({ posts, categories, pending, error, refetch, actions }: BrowserProps) {
  const [query, setQuery] = useState<PostQuery>(DEFAULT_QUERY);
  const [showFilter, setShowFilter] = useState(false);
  const [showDates, setShowDates] = useState(false);

  const indexed = useMemo(() => indexPosts(posts), [posts]);
  const sorted = useMemo(() => sortPosts(indexed, query.sort), [indexed, query.sort]);
  const visible = useMemo(() => filterPosts(sorted, query), [sorted, query]);

  const set = <K extends keyof PostQuery>(key: K, value: PostQuery[K]) => setQuery((q) => ({ ...q, [key]: value }));
  // Stable callbacks: the search field, the toggles and the table's sort headers keep their props over a keystroke.
  const onSearch = useCallback((search: string) => setQuery((q) => ({ ...q, search })), []);
  const onSort = useCallback(
    (key: SortKey) =>
      setQuery((q) => ({
        ...q,
        sort: {
          key,
          dir:
            q.sort.key === key && q.sort.dir === 'asc'
              ? 'desc'
              : q.sort.key === key
                ? 'asc'
                : key === 'title' || key === 'status' || key === 'platform'
                  ? 'asc'
                  : 'desc',
        },
      })),
    [],
  );
  const activeFilters = [query.status, query.platform, query.category].filter((v) => v !== 'all').length;

  return (
    <>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <SearchField
          className="flex-1"
          label={messages.searchLabel}
          placeholder={messages.searchPlaceholder}
          value={query.search}
          onValueChange={onSearch}
        />
        <Toggles
          showFilter={showFilter}
          setShowFilter={setShowFilter}
          showDates={showDates}
          setShowDates={setShowDates}
          activeFilters={activeFilters}
        />
      </div>

      {showFilter && (
        <div id="posts-filter" className="grid gap-3 rounded-lg border bg-card p-4 sm:grid-cols-4">
          <div className="grid gap-1">
            <Label htmlFor="filter-status">Status</Label>
            <NativeSelect
              id="filter-status"
              value={query.status}
              onValueChange={(status) => set('status', status)}
              options={STATUS_FILTER}
            />
          </div>
          <div className="grid gap-1">
            <Label htmlFor="filter-platform">Plattform</Label>
            <NativeSelect
              id="filter-platform"
              value={query.platform}
              onValueChange={(platform) => set('platform', platform)}
              options={PLATFORM_FILTER}
            />
          </div>
          <div className="grid gap-1">
            <Label htmlFor="filter-category">Kategorie</Label>
            <NativeSelect
              id="filter-category"
              value={query.category}
              onValueChange={(category) => set('category', category)}
              options={[{ value: 'all', label: 'Alle Kategorien' }, ...categories.map((c) => ({ value: c, label: c }))]}
            />
          </div>
          <div className="flex items-end">
            <Button
              variant="ghost"
              onClick={() => setQuery((q) => ({ ...q, status: 'all', platform: 'all', category: 'all' }))}
            >
              Filter zurücksetzen
            </Button>
          </div>
        </div>
      )}

      {showDates && (
        <div id="posts-dates" className="grid gap-3 rounded-lg border bg-card p-4 sm:grid-cols-3">
          <div className="grid gap-1">
            <Label htmlFor="range-from">Von</Label>
            <Input
              id="range-from"
              type="date"
              value={query.from}
              max={query.to || undefined}
              onChange={(e) => set('from', e.target.value)}
            />
          </div>
          <div className="grid gap-1">
            <Label htmlFor="range-to">Bis</Label>
            <Input
              id="range-to"
              type="date"
              value={query.to}
              min={query.from || undefined}
              onChange={(e) => set('to', e.target.value)}
            />
          </div>
          <div className="flex items-end">
            <Button variant="ghost" onClick={() => setQuery((q) => ({ ...q, from: '', to: '' }))}>
              Zeitraum zurücksetzen
            </Button>
          </div>
        </div>
      )}

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
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {visible.length} von {posts.length} Posts
          </p>
          <PostsTable posts={visible} total={posts.length} sort={query.sort} onSort={onSort} actions={actions} />
        </Suspense>
      )}
    </>
  );
});

// By name, as the social screen does: importing the class from db/outbox would load Dexie before the heading.
const isQuotaError = (error: unknown) => error instanceof Error && error.name === 'OutboxQuotaError';

export function PostsPage() {
  // The render that shows arrived (or changed) posts runs in slices, as a deferred render: a query's update alone is
  // rendered in one task (useSyncExternalStore), and with the table and counters that task was a long one at 4× CPU.
  const postsQuery = useDeferredValue(usePosts());
  useEffect(() => afterPaint(() => void loadTable()), []);
  const createPost = useCreatePost();
  const updatePost = useUpdatePost();
  const deletePost = useDeletePost();
  const sharePost = useSharePost();
  const mayCreate = useCan('posts.create');

  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<Post | null>(null);
  const [previewing, setPreviewing] = useState<Post | null>(null);
  const [deleting, setDeleting] = useState<Post | null>(null);

  const posts = useMemo(() => postsQuery.data ?? [], [postsQuery.data]);
  const counts = useMemo(() => countPosts(posts), [posts]);
  const categories = useMemo(() => [...new Set([...CATEGORIES, ...posts.map((p) => p.category)])].sort(), [posts]);

  // A post whose Share is still under way (a slow network retries for seconds) is not shared a second time meanwhile.
  const sharing = useRef(new Set<string>());
  const share = (post: Post) => {
    if (sharing.current.has(post.id)) return void toast.info(messages.alreadySharing);
    sharing.current.add(post.id);
    sharePost.mutate(post, {
      onSettled: () => sharing.current.delete(post.id),
      onSuccess: (outcome) =>
        outcome.state === 'sent'
          ? toast.success(messages.shared, { description: messages.sharedText(PLATFORM_LABELS[post.platform]) })
          : outcome.state === 'accepted'
            ? toast.warning(PLATFORM_LABELS[post.platform], { description: outcome.reason })
            : toast.info(messages.queued, { description: messages.queuedText }),
      onError: (error) =>
        toast.error(messages.error, { description: isQuotaError(error) ? error.message : errorMessage(error) }),
    });
  };
  // The row actions keep one identity, so the list does not re-render when a dialog or a mutation changes state.
  const shareRef = useRef(share);
  useLayoutEffect(() => {
    shareRef.current = share;
  });
  const actions = useMemo<RowActions>(
    () => ({
      onPreview: setPreviewing,
      onEdit: setEditing,
      onShare: (post) => shareRef.current(post),
      onDelete: setDeleting,
    }),
    [],
  );

  return (
    <div className="space-y-6">
      <PageHeader
        {...screenHeader}
        actions={
          <Button onClick={() => setCreating(true)} {...deniedProps(mayCreate)}>
            <Plus aria-hidden />
            Create Post
          </Button>
        }
      />

      <PostsBrowser
        posts={posts}
        categories={categories}
        pending={postsQuery.isPending}
        error={postsQuery.isError ? postsQuery.error : null}
        refetch={postsQuery.refetch}
        actions={actions}
      />

      <section aria-label="Post-Zähler" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <Counter label="Total Posts" value={counts.total} icon={FileText} />
        <Counter label="Published" value={counts.published} icon={Send} />
        <Counter label="Scheduled" value={counts.scheduled} icon={Clock} />
        <Counter label="Drafts" value={counts.drafts} icon={PenLine} />
      </section>

      <WhenOpened open={creating}>
        <PostFormDialog
          open={creating}
          onOpenChange={setCreating}
          pending={createPost.isPending}
          onSubmit={(value) =>
            createPost.mutate(value, {
              onSuccess: (post) => {
                setCreating(false);
                toast.success(messages.created, { description: messages.createdText(post.title) });
              },
            })
          }
        />
      </WhenOpened>
      <WhenOpened open={editing !== null}>
        <PostFormDialog
          open={editing !== null}
          onOpenChange={(open) => !open && setEditing(null)}
          post={editing ?? undefined}
          pending={updatePost.isPending}
          onSubmit={(_, patch) =>
            editing &&
            updatePost.mutate(
              { id: editing.id, patch },
              {
                onSuccess: () => {
                  setEditing(null);
                  toast.success(messages.updated);
                },
              },
            )
          }
        />
      </WhenOpened>
      <WhenOpened open={previewing !== null}>
        <PostPreviewDialog post={previewing} onOpenChange={(open) => !open && setPreviewing(null)} />
      </WhenOpened>
      <WhenOpened open={deleting !== null}>
        <ConfirmDelete
          item={deleting}
          onClose={() => setDeleting(null)}
          question={messages.deleteQuestion}
          text={messages.deleteText}
          onConfirm={(post) =>
            deletePost.mutate(post.id, {
              onSuccess: () => toast.success(messages.deleted, { description: messages.deletedText(post.title) }),
            })
          }
        />
      </WhenOpened>
    </div>
  );
}
