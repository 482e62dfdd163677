// German texts of the Social Media screen (SPEC §5 composer rule verbatim).
export const messages = {
  error: 'Fehler',
  contentRequired: 'Bitte geben Sie Inhalt für den Post ein.',
  platformRequired: 'Bitte wählen Sie mindestens eine verbundene Plattform aus.',
  scheduleRequired: 'Bitte wählen Sie Datum und Uhrzeit für die Planung.',
  tooLong: (names: string) => `Der Text ist zu lang für: ${names}.`,
  overLimit: (name: string, length: number, limit: number) => `Zu lang für ${name}: ${length} von ${limit} Zeichen.`,
  posted: 'Post veröffentlicht',
  postedText: (names: string) => `Gesendet an: ${names}.`,
  scheduled: 'Post geplant',
  scheduledText: (names: string, when: string) => `${names} · ${when}`,
  resendHint: 'Nur fehlgeschlagene Plattformen bleiben ausgewählt',
  resendHintText: (names: string) => `Erneut senden geht nur an: ${names}.`,
  queued: 'Im Postausgang',
  queuedText: (names: string) => `${names}: wird gesendet, sobald die Verbindung zurück ist.`,
  connected: 'Verbunden',
  connectedText: (name: string) => `${name} ist jetzt verbunden.`,
  disconnected: 'Getrennt',
  disconnectedText: (name: string) => `${name} wurde getrennt.`,
  notConnected: 'nicht verbunden',
  saved: 'Gespeichert',
  templateUsed: (name: string) => `Vorlage „${name}“ übernommen.`,
  discarded: 'Verworfen',
  resent: 'Erneut in den Postausgang gelegt',
  outboxEmpty: 'Der Postausgang ist leer.',
  scheduleEmpty: 'Keine geplanten Posts.',
  loadError: 'Daten konnten nicht geladen werden.',
  sendingNow: 'Postausgang wird gesendet …',
  offlineHint: 'Sie sind offline. Posts werden im Postausgang gespeichert und später gesendet.',
  timeZone: (zone: string) => `Zeitzone: ${zone}`,
  tokenExpiring: (name: string, when: string) =>
    `${name}: Die Anmeldung läuft am ${when} ab – bitte neu verbinden, bevor ein Post fehlschlägt.`,
  tokenExpired: (name: string) => `${name}: Die Anmeldung ist abgelaufen – bitte neu verbinden.`,
  tokenRevoked: (name: string) => `${name}: Die Anmeldung wurde widerrufen – bitte neu verbinden.`,
  // prov15: media in the composer, results per platform and Retry.
  mediaNone: 'Kein Medium',
  mediaUploaded: 'Medium hochgeladen',
  mediaUploadedText: (title: string) => `„${title}“ ist angehängt.`,
  mediaUploadFailed: 'Upload fehlgeschlagen',
  mediaAudio: 'Audiodateien können nicht gepostet werden: Bitte ein Bild oder Video wählen.',
  needsVideo: (name: string) => `${name} veröffentlicht nur Videos: Bitte ein Video anhängen.`,
  needsMedia: (name: string) => `${name} veröffentlicht nur Bilder und Videos: Bitte ein Medium anhängen.`,
  publicationsEmpty: 'Noch keine Veröffentlichungen.',
  retry: 'Erneut senden',
  retryQueued: 'Wird erneut gesendet',
  retryQueuedText: (name: string) => `${name}: Der Post geht noch einmal an die Plattform.`,
  // A post the server accepted (202) and publishes in its job queue.
  publishing: 'Wird veröffentlicht …',
  inFlightLabel: 'Veröffentlichung läuft',
  busyWith: (names: string) => `Derselbe Text wird für ${names} noch veröffentlicht: Post Now erst nach dem Ergebnis.`,
} as const;

export const PUBLICATION_STATE_LABELS = {
  pending: 'Wartet',
  scheduled: 'Geplant',
  publishing: 'Wird gesendet',
  published: 'Veröffentlicht',
  failed: 'Fehlgeschlagen',
} as const;

export const OUTBOX_STATE_LABELS = {
  queued: 'In Warteschlange',
  sending: 'Wird gesendet',
  sent: 'Gesendet',
  failed: 'Fehlgeschlagen',
  expired: 'Abgelaufen',
} as const;

/** The screen's title row, also prerendered into its route document at build time (app/prerender). */
export const screenHeader = {
  title: 'Social Media',
  description: 'Plattformen verbinden, Posts verfassen, planen und auswerten.',
};
