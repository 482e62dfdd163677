import { useEffect, useState } from 'react';
import { Toaster } from 'sonner';
import { DatabaseNotices } from './database-notices';
import { OfflineBanner } from './offline-banner';
import { whenIdle } from '@/lib/idle';
import { useTheme } from '@/lib/theme';
import { UpdatePrompt } from './update-prompt';

/**
 * How long after the first screen has rendered the service worker registers. Its first install precaches every chunk of
 * the app; begun at the first idle moment, it ran beside the screen's data and render on the same two cores.
 */
export const SERVICE_WORKER_DELAY_MS = 3000;

/** True once `ms` have passed and the page has gone idle after them. */
function useLater(ms: number): boolean {
  const [due, setDue] = useState(false);
  useEffect(() => {
    let cancelIdle: () => void = () => undefined;
    const timer = setTimeout(() => {
      cancelIdle = whenIdle(() => setDue(true));
    }, ms);
    return () => {
      clearTimeout(timer);
      cancelIdle();
    };
  }, [ms]);
  return due;
}

/** Loaded after the first screen has rendered: toasts (SPEC §9 defaults), the PWA update prompt, the offline banner. */
export default function AppExtras() {
  const [theme] = useTheme();
  const registerWorker = useLater(SERVICE_WORKER_DELAY_MS);
  return (
    <>
      <Toaster theme={theme} richColors closeButton position="top-right" visibleToasts={3} duration={4000} />
      {registerWorker && <UpdatePrompt />}
      <OfflineBanner />
      <DatabaseNotices />
    </>
  );
}
