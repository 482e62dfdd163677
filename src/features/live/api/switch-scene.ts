import { useMutation } from '@tanstack/react-query';
import { toast } from '@/components/ui/toast';
import { ObsNotConnectedError, obsMessages, switchScene } from '@/lib/obs';
import { twoLines } from '../components/two-lines';
import { obsReason } from '../lib/obs-reason';
import { liveMessages } from '../messages';

/** SetCurrentProgramScene with the spec's toasts. */
export const useSwitchScene = () =>
  useMutation({
    mutationFn: (sceneName: string) => switchScene(sceneName),
    onError: (error) => {
      if (error instanceof ObsNotConnectedError)
        return toast.error(obsMessages.notConnectedTitle, { description: obsMessages.notConnected });
      toast.error(liveMessages.sceneFailedTitle, { description: twoLines(liveMessages.sceneFailed, obsReason(error)) });
    },
  });
