import { WifiOff } from 'lucide-react';
import { extrasMessages } from './extras-messages';
import { useOnline } from '@/lib/use-online';

/** Shown while the network is gone; screens keep showing their last data (DESIGN "Offline and PWA"). */
export function OfflineBanner() {
  const online = useOnline();
  if (online) return null;
  return (
    <div
      role="status"
      className="fixed inset-x-0 bottom-0 z-50 flex items-center justify-center gap-2 bg-amber-100 px-4 py-2 text-sm font-medium text-amber-950 shadow dark:bg-amber-900 dark:text-amber-50"
    >
      <WifiOff className="size-4 shrink-0" aria-hidden />
      <span>{extrasMessages.offline}</span>
    </div>
  );
}
