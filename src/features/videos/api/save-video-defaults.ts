import { useMutation } from '@tanstack/react-query';
import type { VideoDefaults } from '@/db/settings';
import { storageFailureMessage } from '@/db/storage-errors';
import { useSetting } from '@/db/use-setting';
import { messages } from '../messages';

export function useSaveVideoDefaults() {
  const [, save] = useSetting('videoDefaults');
  return useMutation({
    mutationFn: (value: VideoDefaults) => save(value),
    meta: { error: messages.settingsFailed, reason: storageFailureMessage },
  });
}
