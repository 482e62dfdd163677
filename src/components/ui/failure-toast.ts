import type { ReactNode } from 'react';
import { toast } from '@/components/ui/toast';
import { failureToast, missingUrlToast, type WebhookAction } from '@/lib/webhooks/failure-toasts';

/** Shows the SPEC §8 toast of a failed call to an operator-configured address, or of one started without an address. */
export function showFailureToast(
  action: WebhookAction,
  error?: unknown,
  options: { subject?: string; networkHint?: (text: string) => ReactNode } = {},
): void {
  const t =
    error === undefined ? missingUrlToast(action, options.subject) : failureToast(action, error, options.subject);
  toast.error(t.title, {
    description: t.network && t.description && options.networkHint ? options.networkHint(t.description) : t.description,
  });
}
