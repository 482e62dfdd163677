// German texts of Post Management (headings stay English, SPEC §1).
export const messages = {
  created: 'Post erstellt',
  createdText: (title: string) => `„${title}“ wurde angelegt.`,
  updated: 'Post gespeichert',
  deleted: 'Post gelöscht',
  publishedBy: (name: string) => `Veröffentlicht von ${name}`,
  deletedText: (title: string) => `„${title}“ wurde gelöscht.`,
  shared: 'Post geteilt',
  alreadySharing: 'Dieser Post wird gerade geteilt.',
  sharedText: (platform: string) => `Auf ${platform} veröffentlicht.`,
  queued: 'Im Postausgang',
  queuedText: 'Der Post wird gesendet, sobald die Verbindung zurück ist.',
  error: 'Fehler',
  titleRequired: 'Bitte geben Sie einen Titel ein.',
  categoryRequired: 'Bitte geben Sie eine Kategorie ein.',
  dateRequired: 'Bitte geben Sie ein Datum ein.',
  deleteQuestion: 'Post löschen?',
  deleteText: (title: string) => `„${title}“ wird endgültig gelöscht. Das kann nicht rückgängig gemacht werden.`,
  noResults: 'Keine Posts gefunden.',
  empty: 'Noch keine Posts. Legen Sie mit „Create Post“ den ersten an.',
  loadError: 'Posts konnten nicht geladen werden.',
  searchLabel: 'Posts durchsuchen',
  searchPlaceholder: 'Titel oder Kategorie suchen …',
} as const;

/** The screen's title row, also prerendered into its route document at build time (app/prerender). */
export const screenHeader = {
  title: 'Post Management',
  description: 'Beiträge anlegen, planen, teilen und auswerten.',
};
