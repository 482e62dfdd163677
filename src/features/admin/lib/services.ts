/** SPEC §3 "API service entry" (admin): the ten provider services whose keys the operator manages. */
export type ServiceCategory = 'ai' | 'tts' | 'video' | 'media';

export interface ApiServiceEntry {
  /** The key id in settings 'apiKeys' and the path segment of /test/{id}, /health/{id}. */
  id: string;
  name: string;
  description: string;
  category: ServiceCategory;
  /** The provider documents no free authenticated call, so the server cannot test its key (said in German). */
  noKeyTest?: true;
}

export const API_SERVICES: readonly ApiServiceEntry[] = [
  { id: 'openai', name: 'OpenAI GPT', description: 'Textgenerierung und Nachrichtenanalyse', category: 'ai' },
  { id: 'elevenlabs', name: 'ElevenLabs', description: 'Sprachsynthese (Standard: primär)', category: 'tts' },
  { id: 'azure', name: 'Azure Speech', description: 'Sprachsynthese (Standard: Backup)', category: 'tts' },
  { id: 'tavus', name: 'Tavus', description: 'KI-Avatar-Videos', category: 'video' },
  { id: 'vidau', name: 'VidAU', description: 'KI-Avatar-Videos', category: 'video', noKeyTest: true },
  { id: 'modelslab', name: 'ModelsLab', description: 'KI-Videogenerierung', category: 'video' },
  { id: 'heygen', name: 'HeyGen', description: 'KI-Avatar-Videos', category: 'video' },
  { id: 'did', name: 'D-ID', description: 'Sprechende Avatare', category: 'video' },
  { id: 'pexels', name: 'Pexels', description: 'Stock-Fotos und -Videos', category: 'media' },
  { id: 'unsplash', name: 'Unsplash', description: 'Stock-Fotos', category: 'media' },
];

export const CATEGORY_TITLES: Record<ServiceCategory, string> = {
  ai: 'AI',
  tts: 'TTS',
  video: 'Video',
  media: 'Media',
};

/** Engines without a key of their own: the server's embedded speech (SPEC §4 roles never name it). */
const ENGINE_NAMES: Record<string, string> = { espeak: 'eSpeak-NG (eingebettet)' };

export function serviceName(id: string): string {
  return API_SERVICES.find((s) => s.id === id)?.name ?? ENGINE_NAMES[id] ?? id;
}

/** '••••' plus the last four characters (SPEC: keys are masked unless shown on purpose). */
export function maskKey(key: string): string {
  // A short key would be half revealed by its last four characters.
  return key.length < 8 ? '••••' : `••••${key.slice(-4)}`;
}
