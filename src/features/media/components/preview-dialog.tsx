import { useState } from 'react';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import type { MediaFile } from '@/contract';
import { messages, TYPE_LABELS } from '../messages';

function Player({ item }: { item: MediaFile }) {
  const [failed, setFailed] = useState(false);
  if (item.type === 'image')
    return <img src={item.url} alt={item.title} className="max-h-[60vh] w-full rounded-md object-contain" />;
  return (
    <div className="grid gap-2">
      {item.type === 'video' ? (
        <video
          key={item.url}
          src={item.url}
          controls
          preload="metadata"
          poster={item.thumbnail}
          aria-label={`Video: ${item.title}`}
          className="w-full rounded-md bg-black"
          onError={() => setFailed(true)}
        />
      ) : (
        <audio
          key={item.url}
          src={item.url}
          controls
          preload="metadata"
          aria-label={`Audio: ${item.title}`}
          className="w-full"
          onError={() => setFailed(true)}
        />
      )}
      {failed && (
        <p role="alert" className="text-sm text-destructive">
          {messages.cannotPlay}
        </p>
      )}
    </div>
  );
}

/** Preview: a real player for video and audio, a viewer for images. */
export function PreviewDialog({
  item,
  onOpenChange,
}: {
  item: MediaFile | null;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={item !== null} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-3xl">
        {item && (
          <>
            <DialogHeader>
              <DialogTitle>{item.title}</DialogTitle>
              <DialogDescription>
                {TYPE_LABELS[item.type]} · {item.size}
                {item.duration ? ` · ${item.duration}` : ''}
              </DialogDescription>
            </DialogHeader>
            <Player key={item.id} item={item} />
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
