import { useMutation } from '@tanstack/react-query';
import { clearErrors } from '@/db/error-log';
import { messages } from '../messages';

export const useClearErrors = () =>
  useMutation({ mutationFn: clearErrors, meta: { error: messages.errors.clearFailed } });
