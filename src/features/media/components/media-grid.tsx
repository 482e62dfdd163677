import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import type { MediaFile } from '@/lib/api/types';
import { messages } from '../messages';
import { MediaCard } from './media-card';

/** Cards rendered at first and added per step: a library of 10,000 files keeps a small DOM and a fast search. */
export const MEDIA_PAGE_SIZE = 48;

/**
 * The media cards, revealed in pages: the next page comes when the end of the grid scrolls into view
 * (IntersectionObserver) or on the button, which keyboard and screen-reader users can reach. Cards of a
 * responsive grid have no fixed row height, so this reveals rather than virtualizes. Give it a new `key`
 * when the filters change to start again at the first page.
 */
export function MediaGrid({ items, onPreview, onDelete }: { items: MediaFile[]; onPreview: (m: MediaFile) => void; onDelete: (m: MediaFile) => void }) {
  const [shown, setShown] = useState(MEDIA_PAGE_SIZE);
  const sentinel = useRef<HTMLDivElement>(null);
  const rest = Math.max(0, items.length - shown);

  useEffect(() => {
    const el = sentinel.current;
    if (!el || rest === 0 || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) setShown((n) => n + MEDIA_PAGE_SIZE);
    }, { rootMargin: '400px' });
    observer.observe(el);
    return () => observer.disconnect();
  }, [rest]);

  return (
    <div className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
        {items.slice(0, shown).map((m) => <MediaCard key={m.id} item={m} onPreview={onPreview} onDelete={onDelete} />)}
      </div>
      {rest > 0 && (
        <div ref={sentinel} className="flex flex-col items-center gap-2 text-sm text-muted-foreground">
          <p data-testid="media-shown">{messages.shown(shown, items.length)}</p>
          <Button variant="outline" onClick={() => setShown((n) => n + MEDIA_PAGE_SIZE)}>{messages.more(Math.min(rest, MEDIA_PAGE_SIZE))}</Button>
        </div>
      )}
    </div>
  );
}
