import { useMutation } from '@tanstack/react-query';
import { toast } from '@/components/ui/toast';
import type { AiNewsItem } from '@/contract';
import { ApiError, bodyMessage } from '@/lib/http/api-error';
import { ObsNotConnectedError, ObsRequestError, RESOURCE_NOT_FOUND, obsMessages, putStoryOnAir } from '@/lib/obs';
import { onAirMessages } from '../lib/on-air-messages';
import { twoLines } from '../components/two-lines';
import { liveMessages } from '../messages';

interface OnAirInput {
  story: Pick<AiNewsItem, 'id' | 'title'>;
  /** The text source: the configured one (direct), the one picked for the server's instance (through the server). */
  source: string;
  viaServer: boolean;
}

function failureDetail(error: unknown, viaServer: boolean): string | undefined {
  if (error instanceof ObsRequestError) {
    if (error.code === RESOURCE_NOT_FOUND && error.inputName) return liveMessages.sourceMissing(error.inputName);
    // Through the server the answer is the server's German sentence; directly it is OBS's own comment.
    if (error.message) return viaServer ? error.message : liveMessages.obsReason(error.message);
    return undefined;
  }
  if (error instanceof ApiError) return bodyMessage(error) ?? error.message;
  return error instanceof Error ? error.message : undefined;
}

/** „Auf Sendung“: the story's headline into the text source and its video into the media source, with the toasts. */
export function useSetOnAir() {
  return useMutation({
    mutationFn: ({ story, source }: OnAirInput) =>
      putStoryOnAir({ newsId: story.id, headline: story.title, sourceName: source }),
    onSuccess: (done) => {
      const text = onAirMessages.text(done.headline, done.sourceName);
      toast.success(onAirMessages.title, {
        description: done.mediaSource ? twoLines(text, onAirMessages.video(done.mediaSource)) : text,
      });
    },
    onError: (error, { viaServer }) => {
      if (error instanceof ObsNotConnectedError)
        return toast.error(obsMessages.notConnectedTitle, { description: obsMessages.notConnected });
      toast.error(onAirMessages.failedTitle, {
        description: twoLines(onAirMessages.failed, failureDetail(error, viaServer)),
      });
    },
  });
}
