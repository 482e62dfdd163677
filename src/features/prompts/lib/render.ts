import { DEFAULT_AUDIENCE, DEFAULT_LANGUAGE } from '../options';

/** SPEC §5: a missing topic or location appears as [THEMA] and [ORT]. */
export function fillTemplate(template: string, { topic, location }: { topic: string; location: string }): string {
  const t = topic.trim() || '[THEMA]';
  const l = location.trim() || '[ORT]';
  return template.replaceAll('{topic}', t).replaceAll('{location}', l);
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
