import { Ban, FileText, RotateCcw, Send } from 'lucide-react';
import {
  AnchoredMenu,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
} from '@/components/ui/dropdown-menu';
import type { AiNewsItem } from '@/contract';
import { STATUS_LABELS } from '@/lib/labels';
import { deniedProps, useCan } from '@/lib/use-can';
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
  const may = { publish: useCan('news.publish'), reject: useCan('news.reject'), retry: useCan('news.retry') };
  const hintId = `news-row-denied-${item.id}`;
  // One line says why the role may not (the items' own title is not shown on a disabled item).
  const denied = [canPublish && may.publish.reason, canReject && may.reject.reason, canRetry && may.retry.reason].find(
    (reason) => typeof reason === 'string',
  );
  return (
    <AnchoredMenu anchor={anchor} label={`Aktionen für ${item.title}`} onClose={onClose}>
      <DropdownMenuLabel>{STATUS_LABELS[item.status]}</DropdownMenuLabel>
      <DropdownMenuItem onSelect={() => actions.onDetails(item)}>
        <FileText aria-hidden />
        Details
      </DropdownMenuItem>
      {(canPublish || canRetry) && <DropdownMenuSeparator />}
      {canPublish && (
        <DropdownMenuItem {...deniedProps(may.publish, hintId)} onSelect={() => actions.onPublish(item)}>
          <Send aria-hidden />
          Publish
        </DropdownMenuItem>
      )}
      {canReject && (
        <DropdownMenuItem {...deniedProps(may.reject, hintId)} onSelect={() => actions.onReject(item)}>
          <Ban aria-hidden />
          Reject
        </DropdownMenuItem>
      )}
      {canRetry && (
        <DropdownMenuItem {...deniedProps(may.retry, hintId)} onSelect={() => actions.onRetry(item)}>
          <RotateCcw aria-hidden />
          Retry
        </DropdownMenuItem>
      )}
      {denied && (
        <p id={hintId} className="max-w-64 px-2 py-1.5 text-xs text-muted-foreground">
          {denied}
        </p>
      )}
    </AnchoredMenu>
  );
}
