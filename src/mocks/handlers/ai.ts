import { http, HttpResponse } from 'msw';
import type { AnyHandler } from '../types';

interface PromptBody {
  type?: unknown;
  parameters?: Record<string, unknown>;
}

const TEXT_BY_TYPE: Record<string, string> = {
  content: 'Erstelle einen sachlichen Nachrichtenartikel zum Thema {topic}.',
  voice: 'Sprich den folgenden Text ruhig und professionell zum Thema {topic}.',
  image: 'Erzeuge ein Nachrichten-Thumbnail zum Thema {topic}, klare Farben, ohne Text.',
};

/** POST /ai/prompt {type, parameters} → {text}; 400 without a type. */
export const aiHandlers: AnyHandler[] = [
  http.post<never, PromptBody, { text: string } | { message: string }>('*/api/ai/prompt', async ({ request }) => {
    const body = (await request.json().catch(() => ({}))) as PromptBody;
    if (typeof body.type !== 'string' || !body.type.trim()) return HttpResponse.json({ message: 'type fehlt' }, { status: 400 });
    const parameters = body.parameters ?? {};
    const topic = typeof parameters.topic === 'string' && parameters.topic.trim() ? parameters.topic.trim() : '[THEMA]';
    const template = TEXT_BY_TYPE[body.type] ?? `Verfasse einen Text (${body.type}) zum Thema {topic}.`;
    return HttpResponse.json({ text: template.replace('{topic}', topic) });
  }),
];
