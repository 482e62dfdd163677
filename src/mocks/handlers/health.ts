import { http, HttpResponse } from 'msw';
import type { TestResult } from '@/lib/api/types';
import type { AnyHandler } from '../types';

const SERVICES = ['openai', 'elevenlabs', 'azure', 'tavus', 'vidau', 'modelslab', 'heygen', 'did'];

/** GET /health/{service}: every known service is online; an unknown one is 404. */
export const healthHandlers: AnyHandler[] = [
  http.get<{ service: string }, never, TestResult | { message: string }>('*/api/health/:service', ({ params }) => {
    if (!SERVICES.includes(params.service)) return HttpResponse.json({ message: 'Unbekannter Dienst' }, { status: 404, statusText: 'Not Found' });
    return HttpResponse.json({ success: true, status: 'online', responseTime: 42 });
  }),
];
