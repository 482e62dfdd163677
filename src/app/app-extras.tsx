import { useState } from 'react';
import { Toaster } from 'sonner';
import { Tooltips } from '@/components/ui/tooltip-loader';
import { DatabaseNotices } from './database-notices';
import { InsecureContextNotice } from './insecure-context-notice';
import { OfflineBanner } from './offline-banner';
import { useAfterIdle } from '@/lib/idle';
import { useTheme } from '@/lib/theme';
import { UpdatePrompt } from './update-prompt';

/**
 * How long after these extras have mounted (the first screen has rendered and the page has had an idle moment) a page
 * that no service worker controls yet registers one. The first install precaches every chunk of the app; begun at
 * once, it ran beside the screen's data and render on the same two cores. A page that a worker already controls
 * registers at once: that costs no install, and a waiting update is offered or applied before the operator starts work.
 */
export const SERVICE_WORKER_DELAY_MS = 3000;

const controlledByWorker = () => typeof navigator !== 'undefined' && Boolean(navigator.serviceWorker?.controller);

/**
 * Loaded after the first screen has rendered: toasts and tooltips (SPEC §9 defaults), the PWA update prompt, the offline
 * banner.
 */
export default function AppExtras() {
  const [theme] = useTheme();
  const [controlled] = useState(controlledByWorker);
  const later = useAfterIdle(SERVICE_WORKER_DELAY_MS);
  const registerWorker = controlled || later;
  return (
    <>
      <Toaster theme={theme} richColors closeButton position="top-right" visibleToasts={3} duration={4000} />
      {registerWorker && <UpdatePrompt />}
      <OfflineBanner />
      <DatabaseNotices />
      <InsecureContextNotice />
      <Tooltips />
    </>
  );
}
