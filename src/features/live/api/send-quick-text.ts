import { useMutation } from '@tanstack/react-query';
import { toast } from '@/components/ui/toast';
import { ObsNotConnectedError, ObsRequestError, RESOURCE_NOT_FOUND, obsMessages, setSourceText } from '@/lib/obs';
import { twoLines } from '../components/two-lines';
import { obsReason } from '../lib/obs-reason';
import { liveMessages } from '../messages';

/** SetInputSettings on the configured text source. */
export const useSendQuickText = () =>
  useMutation({
    mutationFn: ({ source, text }: { source: string; text: string }) => setSourceText(source, text),
    onSuccess: (_, { source }) =>
      toast.success(liveMessages.textSentTitle, { description: liveMessages.textSent(source) }),
    onError: (error, { source }) => {
      if (error instanceof ObsNotConnectedError)
        return toast.error(obsMessages.notConnectedTitle, { description: obsMessages.notConnected });
      const detail =
        error instanceof ObsRequestError && error.code === RESOURCE_NOT_FOUND
          ? liveMessages.sourceMissing(source)
          : obsReason(error);
      toast.error(liveMessages.textFailedTitle, { description: twoLines(liveMessages.textFailed, detail) });
    },
  });
