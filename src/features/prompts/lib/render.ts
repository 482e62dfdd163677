import { DEFAULT_AUDIENCE, DEFAULT_LANGUAGE } from './options';

/** SPEC §5: a missing topic or location appears as [THEMA] and [ORT]. */
export function fillTemplate(template: string, { topic, location }: { topic: string; location: string }): string {
  const values = { topic: topic.trim() || '[THEMA]', location: location.trim() || '[ORT]' };
  // One pass with a replacer function: user text is inserted verbatim ('$&' stays '$&', a topic '{location}' stays as typed).
  return template.replace(/\{(topic|location)\}/g, (_, key: 'topic' | 'location') => values[key]);
}

export interface ContentParameters {
  topic: string;
  location: string;
  language: string;
  audience: string;
}

/** The content prompt: the filled template, plus 'Sprache:' and 'Zielgruppe:' lines when not the defaults (SPEC §5). */
export function buildContentPrompt(template: string, params: ContentParameters): string {
  const lines = [fillTemplate(template, params)];
  if (params.language !== DEFAULT_LANGUAGE) lines.push(`Sprache: ${params.language}`);
  if (params.audience !== DEFAULT_AUDIENCE) lines.push(`Zielgruppe: ${params.audience}`);
  return lines.join('\n\n');
}
