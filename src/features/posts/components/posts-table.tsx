import { useVirtualizer } from '@tanstack/react-virtual';
import { retryableLazy } from '@/components/ui/lazy-panel';
import { ArrowDown, ArrowUp, ArrowUpDown, MoreHorizontal } from 'lucide-react';
import { memo, Suspense, useCallback, useRef, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { STICKY_ACTIONS_CELL } from '@/components/ui/table';
import type { Post, PostStatus } from '@/contract';
import { cn } from '@/lib/utils/cn';
import { measureAfterLayout } from '@/lib/virtual-list';
import type { PostQuery, SortKey } from '../lib/query-posts';
import { PLATFORM_LABELS, STATUS_LABELS } from '@/lib/labels';
import { messages } from '../messages';
import { formatDateTimeNumeric as formatDate, formatNumber, formatPercent } from '@/lib/format';

// The row menu (Radix menu and floating-ui, 14 KB gzip) loads with the first click on a row's menu button.
const RowMenu = retryableLazy(() => import('./row-menu').then((m) => ({ default: m.RowMenu })));

const ROW_HEIGHT = 60;
const GRID = 'grid grid-cols-[minmax(14rem,2.5fr)_8.5rem_7rem_6rem_7rem_10rem_3.5rem] items-center gap-3 px-3';

// The scroll box is at most 36rem (max-h-[36rem]) high.
const SCROLL_BOX = measureAfterLayout<HTMLDivElement>(576);
const ROW_CLASS = cn(GRID, 'absolute inset-x-0 top-0 border-b text-sm hover:bg-muted/50');
const HEADER_ROW_CLASS = cn(GRID, 'h-11');

const STATUS_TONE: Record<PostStatus, 'ok' | 'info' | 'neutral' | 'warn' | 'error'> = {
  published: 'ok',
  scheduled: 'info',
  draft: 'neutral',
  review: 'warn',
  failed: 'error',
};

const COLUMNS: Array<{ key: SortKey; label: string; numeric?: boolean }> = [
  { key: 'title', label: 'Title' },
  { key: 'status', label: 'Status' },
  { key: 'platform', label: 'Platform' },
  { key: 'views', label: 'Views', numeric: true },
  { key: 'engagement', label: 'Engagement', numeric: true },
  { key: 'publishDate', label: 'Date' },
];

export interface RowActions {
  onPreview: (post: Post) => void;
  onEdit: (post: Post) => void;
  onShare: (post: Post) => void;
  onDelete: (post: Post) => void;
}

// Elements made once: React skips an element it rendered before, so the icons are not rendered again per keystroke.
const SORT_ICONS = {
  none: <ArrowUpDown className="size-3.5" aria-hidden />,
  asc: <ArrowUp className="size-3.5" aria-hidden />,
  desc: <ArrowDown className="size-3.5" aria-hidden />,
};
const MENU_ICON = <MoreHorizontal aria-hidden />;

/** The header row; memoized (the sort and its callback are stable over a search keystroke). */
const HeaderRow = memo(function HeaderRow({
  sort,
  onSort,
}: {
  sort: PostQuery['sort'];
  onSort: (key: SortKey) => void;
}) {
  return (
    <div role="rowgroup" className="sticky top-0 z-10 border-b bg-card">
      <div role="row" aria-rowindex={1} className={HEADER_ROW_CLASS}>
        {COLUMNS.map((c) => (
          <SortHeader key={c.key} column={c} sort={sort} onSort={onSort} />
        ))}
        <div role="columnheader" className="sr-only">
          Aktionen
        </div>
      </div>
    </div>
  );
});

function SortHeader({
  column,
  sort,
  onSort,
}: {
  column: (typeof COLUMNS)[number];
  sort: PostQuery['sort'];
  onSort: (key: SortKey) => void;
}) {
  const active = sort.key === column.key;
  return (
    <div
      role="columnheader"
      aria-sort={active ? (sort.dir === 'asc' ? 'ascending' : 'descending') : 'none'}
      className={cn(column.numeric && 'text-right')}
    >
      <button
        type="button"
        onClick={() => onSort(column.key)}
        className="inline-flex min-h-10 items-center gap-1 rounded-md text-xs font-semibold uppercase tracking-wide text-muted-foreground hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
      >
        {column.label}
        {SORT_ICONS[active ? sort.dir : 'none']}
      </button>
    </div>
  );
}

/**
 * The post table, virtualized (only the rows in view are in the DOM), so 10,000 posts scroll and
 * filter without delay. ARIA table roles keep it a table for assistive technology.
 */
export function PostsTable({
  posts,
  total,
  sort,
  onSort,
  actions,
}: {
  posts: Post[];
  total: number;
  sort: PostQuery['sort'];
  onSort: (key: SortKey) => void;
  actions: RowActions;
}) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: posts.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
    ...SCROLL_BOX,
  });
  const items = virtualizer.getVirtualItems();
  const [menu, setMenu] = useState<{ post: Post; anchor: HTMLElement } | null>(null);
  const openMenu = useCallback((post: Post, anchor: HTMLElement) => setMenu({ post, anchor }), []);

  return (
    <div
      role="table"
      aria-label="Posts"
      aria-rowcount={posts.length + 1}
      className="rounded-lg border bg-card text-card-foreground"
    >
      <div ref={scrollRef} className="max-h-[36rem] overflow-auto" data-testid="posts-scroll">
        <div className="min-w-[52rem]">
          <HeaderRow sort={sort} onSort={onSort} />
          {posts.length === 0 ? (
            <p className="p-8 text-center text-sm text-muted-foreground">
              {total === 0 ? messages.empty : messages.noResults}
            </p>
          ) : (
            <div role="rowgroup" className="relative" style={{ height: virtualizer.getTotalSize() }}>
              {items.map((v) => {
                const post = posts[v.index];
                return (
                  <PostRow
                    key={post.id}
                    post={post}
                    index={v.index}
                    start={v.start}
                    menuOpen={menu?.post.id === post.id}
                    onMenu={openMenu}
                  />
                );
              })}
            </div>
          )}
        </div>
      </div>
      {menu && (
        <Suspense fallback={null}>
          <RowMenu
            key={menu.post.id}
            post={menu.post}
            anchor={menu.anchor}
            actions={actions}
            onClose={() => setMenu(null)}
          />
        </Suspense>
      )}
    </div>
  );
}

/** One row; memoized, so a keystroke renders only the rows whose post or position changed. */
const PostRow = memo(function PostRow({
  post,
  index,
  start,
  menuOpen,
  onMenu,
}: {
  post: Post;
  index: number;
  start: number;
  menuOpen: boolean;
  onMenu: (post: Post, anchor: HTMLElement) => void;
}) {
  return (
    <div
      role="row"
      aria-rowindex={index + 2}
      className={ROW_CLASS}
      style={{ height: ROW_HEIGHT, transform: `translateY(${start}px)` }}
    >
      <div role="cell" className="min-w-0">
        <div className="truncate font-medium">{post.title}</div>
        <div className="truncate text-xs text-muted-foreground">
          {post.category}
          {post.publishedBy ? ` · ${messages.publishedBy(post.publishedBy)}` : ''}
        </div>
      </div>
      <div role="cell">
        <Badge tone={STATUS_TONE[post.status]}>{STATUS_LABELS[post.status]}</Badge>
      </div>
      <div role="cell">{PLATFORM_LABELS[post.platform]}</div>
      <div role="cell" className="text-right tabular-nums">
        {formatNumber(post.views)}
      </div>
      <div role="cell" className="text-right tabular-nums">
        {formatPercent(post.engagement)}
      </div>
      <div role="cell" className="text-muted-foreground tabular-nums">
        {formatDate(post.publishDate)}
      </div>
      <div role="cell" className={STICKY_ACTIONS_CELL}>
        <Button
          variant="ghost"
          size="icon"
          aria-label={`Aktionen für ${post.title}`}
          aria-haspopup="menu"
          aria-expanded={menuOpen}
          onClick={(e) => onMenu(post, e.currentTarget)}
        >
          {MENU_ICON}
        </Button>
      </div>
    </div>
  );
});
