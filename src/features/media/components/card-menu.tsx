import { Download, Eye, Trash2 } from 'lucide-react';
import { AnchoredMenu, DropdownMenuItem, DropdownMenuSeparator } from '@/components/ui/dropdown-menu';
import type { MediaFile } from '@/contract';
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
      <DropdownMenuItem variant="destructive" onSelect={() => actions.onDelete(item)}>
        <Trash2 aria-hidden />
        Delete
      </DropdownMenuItem>
    </AnchoredMenu>
  );
}
