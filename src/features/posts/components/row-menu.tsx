import { Eye, Pencil, Share2, Trash2 } from 'lucide-react';
import { AnchoredMenu, DropdownMenuItem, DropdownMenuSeparator } from '@/components/ui/dropdown-menu';
import type { Post } from '@/contract';
import type { RowActions } from './posts-table';

/**
 * One row menu for the whole table, opened at the clicked row's button: a Radix menu in each of the
 * visible rows made every search keystroke re-mount a dozen menu trees.
 */
export function RowMenu({
  post,
  anchor,
  actions,
  onClose,
}: {
  post: Post;
  anchor: HTMLElement;
  actions: RowActions;
  onClose: () => void;
}) {
  const run = (action: (p: Post) => void) => () => action(post);
  return (
    <AnchoredMenu anchor={anchor} label={`Aktionen für ${post.title}`} onClose={onClose}>
      <DropdownMenuItem onSelect={run(actions.onPreview)}>
        <Eye aria-hidden />
        Preview
      </DropdownMenuItem>
      <DropdownMenuItem onSelect={run(actions.onEdit)}>
        <Pencil aria-hidden />
        Edit
      </DropdownMenuItem>
      <DropdownMenuItem onSelect={run(actions.onShare)}>
        <Share2 aria-hidden />
        Share
      </DropdownMenuItem>
      <DropdownMenuSeparator />
      <DropdownMenuItem variant="destructive" onSelect={run(actions.onDelete)}>
        <Trash2 aria-hidden />
        Delete
      </DropdownMenuItem>
    </AnchoredMenu>
  );
}
