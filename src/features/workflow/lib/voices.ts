import type { SelectOption } from '@/components/ui/native-select';

// The voices offered for the workflow's TTS step (Setup and Monitoring's manual trigger).
export const VOICES = ['Anna', 'Max', 'Sophie', 'Lukas'] as const;

/** The voices as select options, plus the saved one when it is not among them (it stays selectable). */
export const voiceOptions = (current: string): Array<SelectOption<string>> =>
  [...new Set([...VOICES, current])].map((v) => ({ value: v, label: v }));
