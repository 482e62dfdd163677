// Dashboard: the notification list's writes (the pipeline and the job poller record lines in it).
import type { Notification } from '../../../src/contract';
import type { Db } from '../../data/db/client';
import { notifications } from '../../data/db/schema';

/** Records a line for the overview's notification list. */
export async function addNotification(db: Db, message: string, type: Notification['type'] = 'info'): Promise<void> {
  await db.insert(notifications).values({ id: `n-${crypto.randomUUID()}`, message, type });
}
