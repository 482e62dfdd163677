import { Info } from 'lucide-react';
import { getConfig } from '@/lib/config';
import { closeReasonMessage, obsMessages, type ObsState } from '@/lib/obs';

// The OBS connection's status lines, apart from its form (obs-connection.tsx): a screen shows these at once and may
// load the form later.

/** Badge tone of each connection status. */
export const OBS_STATUS_TONE = {
  connected: 'ok',
  connecting: 'info',
  reconnecting: 'warn',
  disconnected: 'neutral',
  'auth-failed': 'error',
  refused: 'error',
} as const;

/** The reconnect notice (attempt, next try) and the alert for a connection OBS closed on purpose (4009 wrong password, 4000–4012). */
export function ObsConnectionNotices({ obs }: { obs: ObsState }) {
  if (obs.status === 'reconnecting' && obs.reconnect) {
    return (
      <p role="status" className="rounded-md bg-amber-500/10 p-2 text-sm text-amber-800 dark:text-amber-300">
        {obsMessages.reconnecting(obs.reconnect.attempt, Math.round(obs.reconnect.delayMs / 1000))}
      </p>
    );
  }
  if (obs.status === 'auth-failed' || obs.status === 'refused') {
    return (
      <p role="alert" className="rounded-md bg-red-500/10 p-2 text-sm text-red-700 dark:text-red-400">
        {obs.status === 'auth-failed' ? obsMessages.authFailed : closeReasonMessage(obs.lastError?.code ?? 4000)}
      </p>
    );
  }
  return null;
}

/** In mock mode: where the simulated OBS answers and its password. */
export function ObsDemoHint() {
  if (getConfig().apiMode !== 'mock') return null;
  return (
    <p className="flex gap-2 rounded-md bg-sky-500/10 p-2 text-xs text-sky-800 dark:text-sky-300">
      <Info className="mt-0.5 size-3.5 shrink-0" aria-hidden />
      <span>{obsMessages.demoHint}</span>
    </p>
  );
}
