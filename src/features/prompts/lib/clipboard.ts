import { toast } from '@/components/ui/toast';
import { messages } from '../messages';

/** Copies text and says so in German; a missing or refused clipboard gives the failure toast. */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (!navigator.clipboard?.writeText) throw new Error('clipboard unavailable');
    await navigator.clipboard.writeText(text);
    toast.success(messages.copied);
    return true;
  } catch {
    toast.error(messages.copyFailed);
    return false;
  }
}
