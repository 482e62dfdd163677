// The voices offered for the workflow's TTS step (Setup and Monitoring's manual trigger).
export const VOICES = ['Anna', 'Max', 'Sophie', 'Lukas'] as const;
