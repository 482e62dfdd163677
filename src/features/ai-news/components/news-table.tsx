import { useVirtualizer } from '@tanstack/react-virtual';
import { retryableLazy } from '@/components/ui/lazy-panel';
import { MoreHorizontal } from 'lucide-react';
import { memo, Suspense, useCallback, useRef, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { STICKY_ACTIONS_CELL } from '@/components/ui/table';
import type { AiNewsItem } from '@/contract';
import { cn } from '@/lib/utils/cn';
import { measureAfterLayout } from '@/lib/virtual-list';
import { STATUS_LABELS } from '@/lib/labels';
import { formatDateTimeMedium, formatNumber, formatPercent } from '@/lib/format';
import { messages } from '../messages';
import { STATUS_TONE } from '../lib/status-tone';

// The row menu (Radix menu and floating-ui, 14 KB gzip) loads with the first click on a row's menu button.
const RowMenu = retryableLazy(() => import('./row-menu').then((m) => ({ default: m.RowMenu })));

const ROW_HEIGHT = 56;
const GRID = 'grid grid-cols-[minmax(14rem,2.5fr)_8rem_8rem_8.5rem_10rem_5.5rem_7rem_3.5rem] items-center gap-3 px-3';
// The scroll box is at most 36rem (max-h-[36rem]) high.
const SCROLL_BOX = measureAfterLayout<HTMLDivElement>(576);
const ROW_CLASS = cn(GRID, 'absolute inset-x-0 top-0 border-b text-sm hover:bg-muted/50');
const HEADERS: Array<[string, boolean]> = [
  ['Title', false],
  ['Source', false],
  ['Category', false],
  ['Status', false],
  ['Created', false],
  ['Views', true],
  ['Engagement', true],
];

// Elements made once: React skips an element it rendered before, so a keystroke does not render them again.
const HEADER_ROW = (
  <div role="rowgroup" className="sticky top-0 z-10 border-b bg-card">
    <div role="row" aria-rowindex={1} className={cn(GRID, 'h-11')}>
      {HEADERS.map(([label, numeric]) => (
        <div
          key={label}
          role="columnheader"
          className={cn('text-xs font-semibold uppercase tracking-wide text-muted-foreground', numeric && 'text-right')}
        >
          {label}
        </div>
      ))}
      <div role="columnheader" className="sr-only">
        Aktionen
      </div>
    </div>
  </div>
);
const MENU_ICON = <MoreHorizontal aria-hidden />;

export interface NewsActions {
  onDetails: (item: AiNewsItem) => void;
  onPublish: (item: AiNewsItem) => void;
  onReject: (item: AiNewsItem) => void;
  onRetry: (item: AiNewsItem) => void;
}

/**
 * The AI news list, virtualized like the posts table (only the rows in view are in the DOM) so that
 * 10,000 items filter and scroll without delay; ARIA table roles keep it a table.
 */
export function NewsTable({ items, actions }: { items: AiNewsItem[]; actions: NewsActions }) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
    ...SCROLL_BOX,
  });
  const [menu, setMenu] = useState<{ item: AiNewsItem; anchor: HTMLElement } | null>(null);
  // Stable, so that the memoized rows a keystroke keeps in view are not rendered again.
  const openMenu = useCallback((item: AiNewsItem, anchor: HTMLElement) => setMenu({ item, anchor }), []);
  // The open menu follows the list: after Publish, Reject or Retry it shows the item's new state.
  const menuItem = menu ? (items.find((n) => n.id === menu.item.id) ?? menu.item) : null;

  return (
    <div
      role="table"
      aria-label="AI News"
      aria-rowcount={items.length + 1}
      className="rounded-lg border bg-card text-card-foreground"
    >
      <div ref={scrollRef} className="max-h-[36rem] overflow-auto" data-testid="news-scroll">
        <div className="min-w-[62rem]">
          {HEADER_ROW}
          {items.length === 0 ? (
            <p className="p-8 text-center text-sm text-muted-foreground">{messages.empty}</p>
          ) : (
            <div role="rowgroup" className="relative" style={{ height: virtualizer.getTotalSize() }}>
              {virtualizer.getVirtualItems().map((v) => (
                <NewsRow
                  key={items[v.index].id}
                  item={items[v.index]}
                  index={v.index}
                  start={v.start}
                  menuOpen={menu?.item.id === items[v.index].id}
                  onMenu={openMenu}
                />
              ))}
            </div>
          )}
        </div>
      </div>
      {menu && menuItem && (
        <Suspense fallback={null}>
          <RowMenu
            key={menuItem.id}
            item={menuItem}
            anchor={menu.anchor}
            actions={actions}
            onClose={() => setMenu(null)}
          />
        </Suspense>
      )}
    </div>
  );
}

const NewsRow = memo(function NewsRow({
  item: n,
  index,
  start,
  menuOpen,
  onMenu,
}: {
  item: AiNewsItem;
  index: number;
  start: number;
  menuOpen: boolean;
  onMenu: (item: AiNewsItem, anchor: HTMLElement) => void;
}) {
  return (
    <div
      role="row"
      aria-rowindex={index + 2}
      data-testid="news-row"
      className={ROW_CLASS}
      style={{ height: ROW_HEIGHT, transform: `translateY(${start}px)` }}
    >
      <div role="cell" className="min-w-0 truncate font-medium" title={n.title}>
        {n.title}
      </div>
      <div role="cell">{n.source}</div>
      <div role="cell">{n.category}</div>
      <div role="cell">
        <Badge tone={STATUS_TONE[n.status]}>{STATUS_LABELS[n.status]}</Badge>
      </div>
      <div role="cell" className="whitespace-nowrap text-muted-foreground">
        {formatDateTimeMedium(n.createdAt)}
      </div>
      <div role="cell" className="text-right tabular-nums">
        {formatNumber(n.views)}
      </div>
      <div role="cell" className="text-right tabular-nums">
        {formatPercent(n.engagement)}
      </div>
      <div role="cell" className={STICKY_ACTIONS_CELL}>
        <Button
          variant="ghost"
          size="icon"
          aria-label={`Aktionen für ${n.title}`}
          aria-haspopup="menu"
          aria-expanded={menuOpen}
          onClick={(e) => onMenu(n, e.currentTarget)}
        >
          {MENU_ICON}
        </Button>
      </div>
    </div>
  );
});
