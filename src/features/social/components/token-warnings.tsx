import { AlertTriangle } from 'lucide-react';
import { PLATFORM_LABELS } from '@/lib/labels';
import { formatDateTimeMedium } from '@/lib/format';
import { useTokenStatus } from '../api/get-token-status';
import { messages } from '../messages';

/** Platform tokens about to expire, expired or revoked, shown before a post fails. */
export function TokenWarnings() {
  const tokens = useTokenStatus();
  const bad = (tokens.data ?? []).filter((t) => t.state !== 'ok');
  if (bad.length === 0) return null;
  return (
    <div
      role="alert"
      className="space-y-1 rounded-md border border-amber-500/40 bg-amber-500/10 p-3 text-sm"
      data-testid="token-warnings"
    >
      {bad.map((t) => {
        const name = PLATFORM_LABELS[t.platform];
        const text =
          t.state === 'revoked'
            ? messages.tokenRevoked(name)
            : t.state === 'expired'
              ? messages.tokenExpired(name)
              : messages.tokenExpiring(name, t.expiresAt ? formatDateTimeMedium(t.expiresAt) : '');
        return (
          <p key={t.platform} className="flex items-center gap-2">
            <AlertTriangle className="size-4 shrink-0" aria-hidden />
            {text}
          </p>
        );
      })}
    </div>
  );
}
