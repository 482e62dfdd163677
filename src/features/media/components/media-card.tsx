import { memo } from 'react';
import { MoreVertical, Play } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import type { MediaFile } from '@/contract';
import { TYPE_LABELS } from '../messages';
import { formatDay, formatNumber } from '@/lib/format';

/** Starts a download of the file under its title (works for data:, blob: and same-origin URLs). */
export function download(item: MediaFile) {
  const a = document.createElement('a');
  a.href = item.url;
  a.download = item.title;
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
}

// Elements made once: React skips an element it rendered before (every card shares them).
const PLAY_ICON = <Play className="size-6" aria-hidden />;
const MENU_ICON = <MoreVertical aria-hidden />;

/** One media card; its menu button asks the grid to open the one shared menu at it (see MediaGrid). */
export const MediaCard = memo(function MediaCard({
  item,
  menuOpen,
  onPreview,
  onMenu,
  firstRow = false,
}: {
  item: MediaFile;
  menuOpen: boolean;
  /** In the grid's first row: on screen at load, so its thumbnail is asked for with the card, not once laid out. */
  firstRow?: boolean;
  onPreview: (m: MediaFile) => void;
  onMenu: (m: MediaFile, anchor: HTMLElement) => void;
}) {
  return (
    <Card className="overflow-hidden" data-testid="media-card">
      <div className="relative aspect-video bg-muted">
        <img
          src={item.thumbnail}
          alt=""
          className="size-full object-cover"
          loading={firstRow ? 'eager' : 'lazy'}
          fetchPriority={firstRow ? 'high' : 'auto'}
        />
        <Badge tone="neutral" className="absolute top-2 left-2">
          {TYPE_LABELS[item.type]}
        </Badge>
        {item.type === 'video' && (
          <button
            type="button"
            onClick={() => onPreview(item)}
            aria-label={`${item.title} abspielen`}
            className="absolute inset-0 flex items-center justify-center bg-black/0 transition-colors hover:bg-black/30 focus-visible:bg-black/30 focus-visible:outline-none"
          >
            <span className="flex size-12 items-center justify-center rounded-full bg-black/60 text-white">
              {PLAY_ICON}
            </span>
          </button>
        )}
        {item.duration && (
          <span className="absolute right-2 bottom-2 rounded bg-black/70 px-1.5 py-0.5 text-xs text-white tabular-nums">
            {item.duration}
          </span>
        )}
      </div>
      <CardContent className="grid gap-2 p-4">
        <div className="flex items-start justify-between gap-2">
          <h2 className="line-clamp-2 font-medium">{item.title}</h2>
          <Button
            variant="ghost"
            size="icon"
            aria-label={`Aktionen für ${item.title}`}
            aria-haspopup="menu"
            aria-expanded={menuOpen}
            onClick={(e) => onMenu(item, e.currentTarget)}
          >
            {MENU_ICON}
          </Button>
        </div>
        <ul className="flex flex-wrap gap-x-3 gap-y-1 text-xs text-muted-foreground">
          <li aria-label="Größe">{item.size}</li>
          {item.duration && (
            <li aria-label="Dauer" data-testid="media-duration">
              {item.duration}
            </li>
          )}
          <li aria-label="Datum">{formatDay(item.date)}</li>
          <li aria-label="Aufrufe">{formatNumber(item.views)} Aufrufe</li>
        </ul>
      </CardContent>
    </Card>
  );
});
