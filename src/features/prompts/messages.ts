/** Prompt Generator's German texts. */
export const messages = {
  copied: 'In die Zwischenablage kopiert',
  copyFailed: 'Kopieren fehlgeschlagen.',
  sentToGpt: 'Antwort von GPT erhalten',
  sendFailed: 'Senden an GPT fehlgeschlagen.',
  imageSent: 'Bild-Prompt an DALL-E gesendet',
  imageFailed: 'Bild-Prompt konnte nicht gesendet werden.',
  promptUsed: 'Prompt übernommen',
  customFieldsRequired: 'Bitte Name, Kategorie und Template ausfüllen.',
  customSaved: 'Prompt gespeichert',
  customSaveFailed: 'Prompt konnte nicht gespeichert werden.',
  customDeleted: 'Prompt gelöscht',
  customDeleteFailed: 'Prompt konnte nicht gelöscht werden.',
  noCustomPrompts: 'Noch keine eigenen Prompts gespeichert.',
  previewNeedsTemplate: 'Bitte zuerst ein Template eingeben.',
  topicRequired: 'Bitte ein Thema eingeben.',
} as const;

/** The screen's title row, also prerendered into its route document at build time (app/prerender). */
export const screenHeader = {
  title: 'Prompt Generator',
  description: 'Build prompts for articles, voice-overs and images from templates, presets and your own prompts.',
};
