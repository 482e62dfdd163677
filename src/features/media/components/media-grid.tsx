import { Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { retryableLazy } from '@/components/ui/lazy-panel';
import { Button } from '@/components/ui/button';
import type { MediaFile } from '@/contract';
import { messages } from '../messages';
import { MediaCard } from './media-card';

/** Cards rendered at first and added per step: a library of 10,000 files keeps a small DOM and a fast search. */
export const MEDIA_PAGE_SIZE = 24;

// The card menu (Radix menu and floating-ui, 14 KB gzip) loads with the first click on a card's menu button.
const CardMenu = retryableLazy(() => import('./card-menu').then((m) => ({ default: m.CardMenu })));

export interface GridActions {
  onPreview: (m: MediaFile) => void;
  onDelete: (m: MediaFile) => void;
}

// The widest grid's columns (xl:grid-cols-4): the cards a first screen shows at any width.
const FIRST_ROW = 4;

/**
 * The media cards, revealed in pages: the next page comes when the end of the grid scrolls into view
 * (IntersectionObserver) or on the button, which keyboard and screen-reader users can reach. Cards of a
 * responsive grid have no fixed row height, so this reveals rather than virtualizes. `resetKey` changes
 * with the filters and starts again at the first page. One card menu serves the whole grid: a Radix menu
 * in every card made each search keystroke mount two dozen menu trees.
 */
export function MediaGrid({
  items,
  resetKey,
  onPreview,
  onDelete,
}: { items: MediaFile[]; resetKey: string } & GridActions) {
  const [page, setPage] = useState({ key: resetKey, shown: MEDIA_PAGE_SIZE });
  const shown = page.key === resetKey ? page.shown : MEDIA_PAGE_SIZE;
  const more = () => setPage({ key: resetKey, shown: shown + MEDIA_PAGE_SIZE });
  const [menu, setMenu] = useState<{ item: MediaFile; anchor: HTMLElement } | null>(null);
  // Stable, so that the memoized cards a keystroke keeps are not rendered again.
  const openMenu = useCallback((item: MediaFile, anchor: HTMLElement) => setMenu({ item, anchor }), []);
  const sentinel = useRef<HTMLDivElement>(null);
  const rest = Math.max(0, items.length - shown);

  useEffect(() => {
    const el = sentinel.current;
    if (!el || rest === 0 || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setPage({ key: resetKey, shown: shown + MEDIA_PAGE_SIZE });
      },
      { rootMargin: '400px' },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [rest, resetKey, shown]);

  return (
    <div className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
        {items.slice(0, shown).map((m, i) => (
          <MediaCard
            key={m.id}
            item={m}
            menuOpen={menu?.item.id === m.id}
            onPreview={onPreview}
            onMenu={openMenu}
            firstRow={i < FIRST_ROW}
          />
        ))}
      </div>
      {rest > 0 && (
        <div ref={sentinel} className="flex flex-col items-center gap-2 text-sm text-muted-foreground">
          <p data-testid="media-shown">{messages.shown(shown, items.length)}</p>
          <Button variant="outline" onClick={more}>
            {messages.more(Math.min(rest, MEDIA_PAGE_SIZE))}
          </Button>
        </div>
      )}
      {menu && (
        <Suspense fallback={null}>
          <CardMenu
            key={menu.item.id}
            item={menu.item}
            anchor={menu.anchor}
            actions={{ onPreview, onDelete }}
            onClose={() => setMenu(null)}
          />
        </Suspense>
      )}
    </div>
  );
}
