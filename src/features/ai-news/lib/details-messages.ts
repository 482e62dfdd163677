// German texts of a story's details. Apart from messages.ts: they load with the details dialog, not with the
// AI News route, whose first JavaScript is at its budget.
export const detailsMessages = {
  description: 'Skript, Quellen und Veröffentlichung der Meldung.',
  script: 'Skript',
  sources: 'Quellen',
  noSourceTexts: 'Für diese Beispielmeldung liegen keine Quelltexte vor.',
  noDate: 'ohne Datum',
  writtenBy: 'Geschrieben von:',
  approvedBy: (name: string) => `Freigegeben von ${name}`,
  disclosure: 'KI-Hinweis',
  publicPage: 'Öffentliche Seite öffnen',
  platforms: 'Plattformen',
  noPlatforms: 'Noch auf keiner Plattform veröffentlicht.',
  loadError: 'Details konnten nicht geladen werden.',
  reload: 'Erneut laden',
  states: { pending: 'Wird gesendet', published: 'Veröffentlicht', failed: 'Fehlgeschlagen', skipped: 'Übersprungen' },
} as const;
