import { handle } from '../contract-handler';
import type { AnyHandler } from '../types';

const TEXT_BY_TYPE: Record<string, string> = {
  content: 'Erstelle einen sachlichen Nachrichtenartikel zum Thema {topic}.',
  voice: 'Sprich den folgenden Text ruhig und professionell zum Thema {topic}.',
  image: 'Erzeuge ein Nachrichten-Thumbnail zum Thema {topic}, klare Farben, ohne Text.',
};

/** POST /ai/prompt {type, parameters} → {text}; 400 without a type. */
export const aiHandlers: AnyHandler[] = [
  handle('ai.prompt', ({ body }) => {
    const { topic } = body.parameters;
    const subject = typeof topic === 'string' && topic.trim() ? topic.trim() : '[THEMA]';
    const template = TEXT_BY_TYPE[body.type] ?? `Verfasse einen Text (${body.type}) zum Thema {topic}.`;
    return { text: template.replace('{topic}', subject) };
  }),
];
