import { useMutation } from '@tanstack/react-query';
import { toast } from '@/components/ui/toast';
import { ObsNotConnectedError, obsMessages, startStream, stopStream } from '@/lib/obs';
import { twoLines } from '../components/two-lines';
import { obsReason } from '../lib/obs-reason';
import { liveMessages } from '../messages';

/** StartStream / StopStream; the button state itself follows StreamStateChanged. */
export const useToggleStream = () =>
  useMutation({
    mutationFn: (action: 'start' | 'stop') => (action === 'start' ? startStream() : stopStream()),
    onError: (error, action) => {
      if (error instanceof ObsNotConnectedError)
        return toast.error(obsMessages.notConnectedTitle, { description: obsMessages.notConnected });
      const text = action === 'start' ? liveMessages.streamStartFailed : liveMessages.streamStopFailed;
      toast.error(liveMessages.streamErrorTitle, { description: twoLines(text, obsReason(error)) });
    },
  });
