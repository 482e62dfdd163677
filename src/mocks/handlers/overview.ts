import { http, HttpResponse } from 'msw';
import type { OverviewData } from '@/lib/api/types';
import * as store from '../store/overview';
import type { AnyHandler } from '../types';

/** GET /dashboard/overview: stat cards, notifications, monitor, per-platform views, progress, status. */
export const overviewHandlers: AnyHandler[] = [
  http.get<never, never, OverviewData>('*/api/dashboard/overview', () => HttpResponse.json(store.getOverview())),
];
