import { handle } from '../contract-handler';
import * as store from '../store/overview';
import type { AnyHandler } from '../types';

/** GET /dashboard/overview: stat cards, notifications, monitor, per-platform views, progress, status. */
export const overviewHandlers: AnyHandler[] = [handle('dashboard.overview', () => store.getOverview())];
