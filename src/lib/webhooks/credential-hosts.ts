import type { WorkflowConfig } from '@/db/settings';

// Stored credentials follow only hosts the operator confirmed; a file naming another host waits for the operator's yes.

/** One address whose host would change: the field's label, the host in force (null when none) and the new host. */
export interface HostChange {
  label: string;
  from: string | null;
  to: string;
}

/** German texts of the host-change question. */
export const hostChangeMessages = {
  title: 'Neue Hosts bestätigen',
  description:
    'Die Datei nennt andere Hosts. Gespeicherte Zugangsdaten (API-Schlüssel, OBS-Passwort) gehen erst nach Ihrer Bestätigung dorthin.',
  webhookTestDescription:
    'Diese Adresse liegt auf einem Host, an den der gespeicherte API-Schlüssel bisher nicht geht. Erst nach Ihrer Bestätigung wird er mitgesendet.',
  none: 'kein Host',
  confirm: 'Hosts übernehmen',
  confirmTest: 'Mit Schlüssel testen',
  cancel: 'Abbrechen',
  cancelled: 'Nichts übernommen – die bisherigen Adressen bleiben.',
} as const;

/** The host (name and port) of an http(s) address, lowercased; null for anything else. */
export function hostOf(url: string | null | undefined): string | null {
  if (!url?.trim()) return null;
  try {
    const parsed = new URL(url.trim());
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.host.toLowerCase() : null;
  } catch {
    return null;
  }
}

const ADDRESSES = [
  ['webhookUrl', 'Webhook URL'],
  ['statusUrl', 'Status URL'],
  ['gatewayUrl', 'Gateway URL'],
  ['mediaUrl', 'Media Upload URL'],
  ['baseUrl', 'Base URL'],
] as const;

/** The hosts the workflow's bearer key may go to now: those of the addresses in force. */
export function confirmedWorkflowHosts(
  config: Pick<WorkflowConfig, 'webhookUrl' | 'statusUrl' | 'gatewayUrl' | 'mediaUrl' | 'baseUrl'>,
): Set<string> {
  return new Set(ADDRESSES.map(([key]) => hostOf(config[key])).filter((h): h is string => h !== null));
}

/** The addresses of `next` that would take the stored bearer key to a new host; empty when no key is stored. */
export function workflowHostChanges(
  current: WorkflowConfig,
  next: Partial<WorkflowConfig>,
  keyFollows = Boolean(current.apiKey?.trim()),
): HostChange[] {
  if (!keyFollows) return [];
  const confirmed = confirmedWorkflowHosts(current);
  const changes: HostChange[] = [];
  for (const [key, label] of ADDRESSES) {
    const to = hostOf(next[key]);
    if (to && !confirmed.has(to)) changes.push({ label, from: hostOf(current[key]), to });
  }
  return changes;
}

/** The OBS host change that would take the stored password to another host, or null. */
export function obsHostChange(
  current: { host: string; password: string },
  nextHost: string | undefined,
  passwordFollows = current.password !== '',
): HostChange | null {
  if (!passwordFollows || nextHost === undefined) return null;
  const from = current.host.trim().toLowerCase();
  const to = nextHost.trim().toLowerCase();
  return to && to !== from ? { label: 'OBS Host', from: from || null, to } : null;
}
