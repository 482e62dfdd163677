import type { DrainResult } from './drain';

/** German notices of a drain run (DESIGN "Offline and PWA": nothing is dropped silently). */
export const outboxMessages = {
  sent: (n: number) =>
    n === 1 ? '1 Post aus der Warteschlange gesendet' : `${n} Posts aus der Warteschlange gesendet`,
  expiredTitle: 'Posts abgelaufen',
  expired: (n: number) =>
    n === 1
      ? '1 Post lag länger als 24 Stunden im Postausgang und wurde nicht gesendet. Im Postausgang: Erneut senden oder Verwerfen.'
      : `${n} Posts lagen länger als 24 Stunden im Postausgang und wurden nicht gesendet. Im Postausgang: Erneut senden oder Verwerfen.`,
};

export interface DrainNotice {
  kind: 'success' | 'warning';
  title: string;
  description?: string;
}

/** What the operator is told after a drain run: posts that went out, posts that expired. */
export function drainNotices(result: DrainResult): DrainNotice[] {
  const notices: DrainNotice[] = [];
  if (result.sent > 0) notices.push({ kind: 'success', title: outboxMessages.sent(result.sent) });
  if (result.expired > 0)
    notices.push({
      kind: 'warning',
      title: outboxMessages.expiredTitle,
      description: outboxMessages.expired(result.expired),
    });
  return notices;
}
