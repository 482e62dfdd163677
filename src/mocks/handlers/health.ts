import { handle } from '../contract-handler';
import type { AnyHandler } from '../types';

/** GET /health/{service}: every known service is online; an unknown one is 404. */
export const healthHandlers: AnyHandler[] = [
  handle('health.service', () => ({ success: true, status: 'online' as const, responseTime: 42 }), {
    notFound: 'Unbekannter Dienst',
  }),
];
