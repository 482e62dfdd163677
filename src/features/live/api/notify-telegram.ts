import { useMutation } from '@tanstack/react-query';
import { toast } from '@/components/ui/toast';
import { notifyTelegram } from '@/lib/api/telegram';
import { liveMessages } from '../messages';

/** POST /telegram/notify {message} with the spec's toasts. */
export function useNotifyTelegram() {
  return useMutation({
    mutationFn: (message: string) => notifyTelegram(message),
    onSuccess: () => toast.success(liveMessages.telegramTitle, { description: liveMessages.telegramSent }),
    onError: () => toast.error(liveMessages.telegramTitle, { description: liveMessages.telegramFailed }),
  });
}
