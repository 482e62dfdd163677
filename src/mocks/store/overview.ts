import type { Notification, OverviewData } from '@/contract';
import { emptyOverviewFixture, overviewFixture } from '../fixtures/overview';
import { registerStore } from './index';

let overview: OverviewData = structuredClone(overviewFixture);
let nextId = 1;

registerStore((scenario) => {
  overview = structuredClone(scenario === 'empty' ? emptyOverviewFixture : overviewFixture);
  nextId = 1;
});

/** The overview of the session (a copy). */
export function getOverview(): OverviewData {
  return structuredClone(overview);
}

/** Puts a notification at the top of the list (e.g. after a Telegram notify). */
export function addNotification(message: string, type: Notification['type'] = 'info'): Notification {
  const notification: Notification = { id: `n-session-${nextId++}`, message, type, time: 'gerade eben' };
  overview.notifications.unshift(notification);
  return { ...notification };
}
