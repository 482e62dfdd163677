import { Download, Eye, Trash2 } from 'lucide-react';
import { AnchoredMenu, DropdownMenuItem, DropdownMenuSeparator } from '@/components/ui/dropdown-menu';
import type { MediaFile } from '@/contract';
import { deniedProps, useCan } from '@/lib/use-can';
import { download } from './media-card';
import type { GridActions } from './media-grid';

/** Preview, Download and Delete for one card, opened at the card's menu button. */
export function CardMenu({
  item,
  anchor,
  actions,
  onClose,
}: {
  item: MediaFile;
  anchor: HTMLElement;
  actions: GridActions;
  onClose: () => void;
}) {
  const mayDelete = useCan('media.delete');
  const hintId = `media-card-denied-${item.id}`;
  return (
    <AnchoredMenu anchor={anchor} label={`Aktionen für ${item.title}`} onClose={onClose}>
      <DropdownMenuItem onSelect={() => actions.onPreview(item)}>
        <Eye aria-hidden />
        Preview
      </DropdownMenuItem>
      <DropdownMenuItem onSelect={() => download(item)}>
        <Download aria-hidden />
        Download
      </DropdownMenuItem>
      <DropdownMenuSeparator />
      <DropdownMenuItem
        variant="destructive"
        {...deniedProps(mayDelete, hintId)}
        onSelect={() => actions.onDelete(item)}
      >
        <Trash2 aria-hidden />
        Delete
      </DropdownMenuItem>
      {/* A disabled item's own title is not shown: one line says why. */}
      {mayDelete.reason && (
        <p id={hintId} className="max-w-64 px-2 py-1.5 text-xs text-muted-foreground">
          {mayDelete.reason}
        </p>
      )}
    </AnchoredMenu>
  );
}
