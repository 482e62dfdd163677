import type { SelectOption } from '@/components/ui/native-select';
import type { VideoDefaults } from '@/db/settings';

/** SPEC §5: video quality options. */
export const QUALITY_OPTIONS: ReadonlyArray<SelectOption<VideoDefaults['quality']>> = [
  { value: '720p', label: '720p' },
  { value: '1080p', label: '1080p' },
  { value: '4k', label: '4k' },
];
/** SPEC §5: voice options, each with its language and gender. */
export const VOICE_OPTIONS: ReadonlyArray<SelectOption<VideoDefaults['voice']>> = [
  { value: 'german-female-1', label: 'german-female-1 (Deutsch, weiblich)' },
  { value: 'german-male-1', label: 'german-male-1 (Deutsch, männlich)' },
  { value: 'english-female-1', label: 'english-female-1 (Englisch, weiblich)' },
  { value: 'english-male-1', label: 'english-male-1 (Englisch, männlich)' },
];

/** Backgrounds of the avatar scene (the spec names the field, not its values). */
export const BACKGROUND_OPTIONS = [
  { value: 'news-studio', label: 'News studio' },
  { value: 'newsroom', label: 'Newsroom' },
  { value: 'city-skyline', label: 'City skyline' },
  { value: 'neutral', label: 'Neutral' },
  { value: 'green-screen', label: 'Green screen' },
] as const;

/** SPEC §9: the workflow preview shows this many characters. */
export const WORKFLOW_PREVIEW_LENGTH = 200;

export type WebhookService = 'n8n' | 'zapier';
