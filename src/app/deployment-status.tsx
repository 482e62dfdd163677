import { TriangleAlert } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { getConfig, getConfigNotice } from '@/lib/config';
import { shellMessages } from './messages';

/** 'Demo-Modus' whenever the in-page mock answers the calls, so a demo is never taken for the live desk. */
export function DemoBadge({ className }: { className?: string }) {
  if (getConfig().apiMode !== 'mock') return null;
  return (
    <Badge tone="warn" className={className} title={shellMessages.demoHint} data-testid="demo-badge">
      {shellMessages.demo}
    </Badge>
  );
}

/** Says that config.json could not be loaded and the last live setting is in force (never a silent switch). */
export function ConfigNoticeBanner() {
  if (getConfigNotice() !== 'last-live') return null;
  return (
    <p
      role="status"
      className="mb-4 flex items-start gap-2 rounded-md border border-amber-500/40 bg-amber-500/10 p-3 text-sm text-amber-900 dark:text-amber-200"
    >
      <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
      <span>{shellMessages.lastLiveSetting}</span>
    </p>
  );
}
