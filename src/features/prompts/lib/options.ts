/** SPEC §5: language options, default deutsch. */
export const LANGUAGES = ['deutsch', 'english', 'français', 'español'] as const;
export type PromptLanguage = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: PromptLanguage = 'deutsch';

/** SPEC §5: audience options, default allgemein. */
export const AUDIENCES = ['allgemein', 'experten', 'jugendliche 16-25', 'unternehmen/B2B', 'senioren 50+'] as const;
export type PromptAudience = (typeof AUDIENCES)[number];
export const DEFAULT_AUDIENCE: PromptAudience = 'allgemein';
