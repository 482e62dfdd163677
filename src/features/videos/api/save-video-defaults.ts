import { useMutation } from '@tanstack/react-query';
import { storageFailureMessage } from '@/db/storage-errors';
import { putSetting, type VideoDefaults } from '@/db/settings';
import { messages } from '../messages';

export const useSaveVideoDefaults = () =>
  useMutation({
    mutationFn: (value: VideoDefaults) => putSetting('videoDefaults', value),
    meta: { error: messages.settingsFailed, reason: storageFailureMessage },
  });
