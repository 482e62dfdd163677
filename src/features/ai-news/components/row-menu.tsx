import { RotateCcw, Send } from 'lucide-react';
import { AnchoredMenu, DropdownMenuItem, DropdownMenuLabel } from '@/components/ui/dropdown-menu';
import type { AiNewsItem } from '@/lib/api/types';
import { STATUS_LABELS } from '@/lib/labels';
import type { NewsActions } from './news-table';

/** One row menu for the whole list, opened at the clicked row's button: Publish only on drafts, Retry only on failed items. */
export function RowMenu({ item, anchor, actions, onClose }: { item: AiNewsItem; anchor: HTMLElement; actions: NewsActions; onClose: () => void }) {
  const canPublish = item.status === 'draft';
  const canRetry = item.status === 'failed';
  return (
    <AnchoredMenu anchor={anchor} label={`Aktionen für ${item.title}`} onClose={onClose}>
      <DropdownMenuLabel>{STATUS_LABELS[item.status]}</DropdownMenuLabel>
      {canPublish && <DropdownMenuItem onSelect={() => actions.onPublish(item)}><Send aria-hidden />Publish</DropdownMenuItem>}
      {canRetry && <DropdownMenuItem onSelect={() => actions.onRetry(item)}><RotateCcw aria-hidden />Retry</DropdownMenuItem>}
      {!canPublish && !canRetry && <DropdownMenuItem disabled>Keine Aktion verfügbar</DropdownMenuItem>}
    </AnchoredMenu>
  );
}
