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
} as const;

export const OUTBOX_STATE_LABELS = {
  queued: 'In Warteschlange',
  sending: 'Wird gesendet',
  sent: 'Gesendet',
  failed: 'Fehlgeschlagen',
  expired: 'Abgelaufen',
} as const;

