import type { VideoDefaults } from '@/db/settings';

/** SPEC §5: video quality options. */
export const QUALITY_OPTIONS: ReadonlyArray<VideoDefaults['quality']> = ['720p', '1080p', '4k'];
/** SPEC §5: voice options. */
export const VOICE_OPTIONS: ReadonlyArray<VideoDefaults['voice']> = [
  'german-female-1',
  'german-male-1',
  'english-female-1',
  'english-male-1',
];

export const VOICE_LABELS: Record<VideoDefaults['voice'], string> = {
  'german-female-1': 'Deutsch, weiblich',
  'german-male-1': 'Deutsch, männlich',
  'english-female-1': 'Englisch, weiblich',
  'english-male-1': 'Englisch, männlich',
};

/** Backgrounds of the avatar scene (the spec names the field, not its values). */
export const BACKGROUND_OPTIONS = [
  { id: 'news-studio', label: 'News studio' },
  { id: 'newsroom', label: 'Newsroom' },
  { id: 'city-skyline', label: 'City skyline' },
  { id: 'neutral', label: 'Neutral' },
  { id: 'green-screen', label: 'Green screen' },
] as const;

/** SPEC §9: the workflow preview shows this many characters. */
export const WORKFLOW_PREVIEW_LENGTH = 200;

export type WebhookService = 'n8n' | 'zapier';
