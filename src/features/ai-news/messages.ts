// German texts of AI News Central (filter defaults verbatim from SPEC §2).
export const messages = {
  allSources: 'Alle Quellen',
  allCategories: 'Alle Kategorien',
  allStatus: 'Alle Status',
  published: 'Veröffentlicht',
  publishedText: (title: string) => `„${title}“ ist jetzt veröffentlicht.`,
  publishFailed: 'Veröffentlichung fehlgeschlagen',
  rejected: 'Meldung abgelehnt',
  rejectedText: (title: string) => `„${title}“ wird nicht veröffentlicht.`,
  rejectFailed: 'Ablehnen fehlgeschlagen',
  retried: 'Erneut erzeugt',
  retriedText: (title: string) => `„${title}“ liegt wieder als Entwurf vor.`,
  retryFailed: 'Wiederholung fehlgeschlagen',
  generated: 'News generiert',
  generatedText: (title: string) => `„${title}“ wurde als Entwurf angelegt.`,
  generateFailed: 'Generierung fehlgeschlagen',
  topicRequired: 'Bitte geben Sie ein Thema ein.',
  loadError: 'News konnten nicht geladen werden.',
  empty: 'Keine News gefunden.',
  searchLabel: 'News durchsuchen',
  count: (shown: number, total: number) => `${shown} von ${total} Meldungen`,
} as const;

/** The screen's title row, also prerendered into its route document at build time (app/prerender). */
export const screenHeader = {
  title: 'AI News Central',
  description: 'KI-generierte Meldungen aus allen Quellen prüfen, veröffentlichen und wiederholen.',
};
