import { useState } from 'react';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import type { VideoProject } from '@/contract';
import { messages } from '../messages';

/** Plays a completed project's video in a dialog. */
export function PlayerDialog({ project, onClose }: { project: VideoProject | null; onClose: () => void }) {
  return (
    <Dialog open={project !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-3xl">{project && <Player key={project.id} project={project} />}</DialogContent>
    </Dialog>
  );
}

function Player({ project }: { project: VideoProject }) {
  const [failed, setFailed] = useState(false);
  return (
    <>
      <DialogHeader>
        <DialogTitle>{project.title}</DialogTitle>
        <DialogDescription>{project.duration}</DialogDescription>
      </DialogHeader>
      <video
        src={project.url ?? undefined}
        controls
        autoPlay
        playsInline
        className="aspect-video w-full rounded-md bg-black"
        aria-label={`Video: ${project.title}`}
        onError={() => setFailed(true)}
      />
      {failed && (
        <p role="alert" className="text-sm text-destructive">
          {messages.playbackFailed}
        </p>
      )}
    </>
  );
}
