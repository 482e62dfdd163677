import { Badge } from '@/components/ui/badge';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import type { Post } from '@/contract';
import { PLATFORM_LABELS, STATUS_LABELS } from '@/lib/labels';
import { formatDateTimeNumeric as formatDate, formatNumber, formatPercent } from '@/lib/format';
import { messages } from '../messages';

/** Preview: the post as it will appear, with its facts. */
export function PostPreviewDialog({
  post,
  onOpenChange,
}: {
  post: Post | null;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={post !== null} onOpenChange={onOpenChange}>
      <DialogContent>
        {post && (
          <>
            <DialogHeader>
              <DialogTitle>{post.title}</DialogTitle>
              <DialogDescription>
                {post.category} · {PLATFORM_LABELS[post.platform]} · {formatDate(post.publishDate)}
              </DialogDescription>
            </DialogHeader>
            <div className="flex flex-wrap items-center gap-2">
              <Badge tone="outline">{STATUS_LABELS[post.status]}</Badge>
              {post.publishedBy && (
                <span className="text-sm text-muted-foreground">{messages.publishedBy(post.publishedBy)}</span>
              )}
            </div>
            <p className="whitespace-pre-wrap rounded-md border bg-muted/40 p-3 text-sm">
              {post.content?.trim() || 'Kein Inhalt hinterlegt.'}
            </p>
            <dl className="grid grid-cols-2 gap-2 text-sm">
              <dt className="text-muted-foreground">Views</dt>
              <dd className="tabular-nums">{formatNumber(post.views)}</dd>
              <dt className="text-muted-foreground">Engagement</dt>
              <dd className="tabular-nums">{formatPercent(post.engagement)}</dd>
            </dl>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
