import { Eye, Pencil, Share2, Trash2 } from 'lucide-react';
import { AnchoredMenu, DropdownMenuItem, DropdownMenuSeparator } from '@/components/ui/dropdown-menu';
import type { Post } from '@/contract';
import { deniedProps, useCan } from '@/lib/use-can';
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
  const may = { edit: useCan('posts.update'), share: useCan('social.post'), remove: useCan('posts.delete') };
  const hintId = `post-row-denied-${post.id}`;
  // One line says why the role may not (a disabled item's own title is not shown).
  const denied = may.edit.reason ?? may.share.reason ?? may.remove.reason;
  return (
    <AnchoredMenu anchor={anchor} label={`Aktionen für ${post.title}`} onClose={onClose}>
      <DropdownMenuItem onSelect={run(actions.onPreview)}>
        <Eye aria-hidden />
        Preview
      </DropdownMenuItem>
      <DropdownMenuItem {...deniedProps(may.edit, hintId)} onSelect={run(actions.onEdit)}>
        <Pencil aria-hidden />
        Edit
      </DropdownMenuItem>
      <DropdownMenuItem {...deniedProps(may.share, hintId)} onSelect={run(actions.onShare)}>
        <Share2 aria-hidden />
        Share
      </DropdownMenuItem>
      <DropdownMenuSeparator />
      <DropdownMenuItem variant="destructive" {...deniedProps(may.remove, hintId)} onSelect={run(actions.onDelete)}>
        <Trash2 aria-hidden />
        Delete
      </DropdownMenuItem>
      {denied && (
        <p id={hintId} className="max-w-64 px-2 py-1.5 text-xs text-muted-foreground">
          {denied}
        </p>
      )}
    </AnchoredMenu>
  );
}
