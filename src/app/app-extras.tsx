import { Toaster } from 'sonner';
import { DatabaseNotices } from './database-notices';
import { OfflineBanner } from './offline-banner';
import { useTheme } from '@/lib/theme';
import { UpdatePrompt } from './update-prompt';

/** Loaded after the first screen has rendered: toasts (SPEC §9 defaults), the PWA update prompt, the offline banner. */
export default function AppExtras() {
  const [theme] = useTheme();
  return (
    <>
      <Toaster theme={theme} richColors closeButton position="top-right" visibleToasts={3} duration={4000} />
      <UpdatePrompt />
      <OfflineBanner />
      <DatabaseNotices />
    </>
  );
}
