import { Ban, FileText, RotateCcw, Send } from 'lucide-react';
import {
  AnchoredMenu,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
} from '@/components/ui/dropdown-menu';
import type { AiNewsItem } from '@/contract';
import { STATUS_LABELS } from '@/lib/labels';
import type { NewsActions } from './news-table';

/**
 * One row menu for the whole list, opened at the clicked row's button: Details on every row, Publish on drafts and
 * stories in review, Reject on stories in review, Retry only on failed items.
 */
export function RowMenu({
  item,
  anchor,
  actions,
  onClose,
}: {
  item: AiNewsItem;
  anchor: HTMLElement;
  actions: NewsActions;
  onClose: () => void;
}) {
  const canPublish = item.status === 'draft' || item.status === 'review';
  const canReject = item.status === 'review';
  const canRetry = item.status === 'failed';
  return (
    <AnchoredMenu anchor={anchor} label={`Aktionen für ${item.title}`} onClose={onClose}>
      <DropdownMenuLabel>{STATUS_LABELS[item.status]}</DropdownMenuLabel>
      <DropdownMenuItem onSelect={() => actions.onDetails(item)}>
        <FileText aria-hidden />
        Details
      </DropdownMenuItem>
      {(canPublish || canRetry) && <DropdownMenuSeparator />}
      {canPublish && (
        <DropdownMenuItem onSelect={() => actions.onPublish(item)}>
          <Send aria-hidden />
          Publish
        </DropdownMenuItem>
      )}
      {canReject && (
        <DropdownMenuItem onSelect={() => actions.onReject(item)}>
          <Ban aria-hidden />
          Reject
        </DropdownMenuItem>
      )}
      {canRetry && (
        <DropdownMenuItem onSelect={() => actions.onRetry(item)}>
          <RotateCcw aria-hidden />
          Retry
        </DropdownMenuItem>
      )}
    </AnchoredMenu>
  );
}
