import { useMutation } from '@tanstack/react-query';
import { toast } from '@/components/ui/toast';
import {
  ObsNotConnectedError,
  ObsRequestError,
  RESOURCE_NOT_FOUND,
  obsMessages,
  setSourceText,
  startStream,
  stopStream,
  switchScene,
} from '@/lib/obs';
import { liveMessages } from '../messages';
import { twoLines } from '../lib/two-lines';

function notConnected(): void {
  toast.error(obsMessages.notConnectedTitle, { description: obsMessages.notConnected });
}

function reason(error: unknown): string | undefined {
  return error instanceof ObsRequestError && error.message ? liveMessages.obsReason(error.message) : undefined;
}

/** SetCurrentProgramScene with the spec's toasts. */
export function useSwitchScene() {
  return useMutation({
    mutationFn: (sceneName: string) => switchScene(sceneName),
    onError: (error) => {
      if (error instanceof ObsNotConnectedError) return notConnected();
      toast.error(liveMessages.sceneFailedTitle, { description: twoLines(liveMessages.sceneFailed, reason(error)) });
    },
  });
}

/** StartStream / StopStream; the button state itself follows StreamStateChanged. */
export function useStreamToggle() {
  return useMutation({
    mutationFn: (action: 'start' | 'stop') => (action === 'start' ? startStream() : stopStream()),
    onError: (error, action) => {
      if (error instanceof ObsNotConnectedError) return notConnected();
      const text = action === 'start' ? liveMessages.streamStartFailed : liveMessages.streamStopFailed;
      toast.error(liveMessages.streamErrorTitle, { description: twoLines(text, reason(error)) });
    },
  });
}

/** SetInputSettings on the configured text source. */
export function useSendQuickText() {
  return useMutation({
    mutationFn: ({ source, text }: { source: string; text: string }) => setSourceText(source, text),
    onSuccess: (_, { source }) =>
      toast.success(liveMessages.textSentTitle, { description: liveMessages.textSent(source) }),
    onError: (error, { source }) => {
      if (error instanceof ObsNotConnectedError) return notConnected();
      const detail =
        error instanceof ObsRequestError && error.code === RESOURCE_NOT_FOUND
          ? liveMessages.sourceMissing(source)
          : reason(error);
      toast.error(liveMessages.textFailedTitle, { description: twoLines(liveMessages.textFailed, detail) });
    },
  });
}
