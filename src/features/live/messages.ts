// German texts of the Live Broadcast screen (SPEC §4, §5, §8). Connection texts shared with Admin live in lib/obs.

export const liveMessages = {
  validationTitle: 'Fehler',
  sceneFailedTitle: 'Szenenwechsel fehlgeschlagen',
  sceneFailed: 'Szene konnte nicht gewechselt werden.',
  streamErrorTitle: 'Stream Fehler',
  streamStartFailed: 'Stream konnte nicht gestartet werden.',
  streamStopFailed: 'Stream konnte nicht beendet werden.',
  textRequired: 'Bitte Text eingeben.',
  textFailedTitle: 'Quick Text fehlgeschlagen',
  textFailed: 'Text konnte nicht gesendet werden.',
  sourceMissing: (source: string) =>
    `Die Quelle „${source}“ gibt es in OBS nicht. Prüfen Sie den Quellnamen unter Admin → OBS WebSocket.`,
  textSentTitle: 'Text gesendet',
  textSent: (source: string) => `Der Text steht jetzt in „${source}“.`,
  telegramTitle: 'Telegram',
  telegramSent: 'Live-Benachrichtigung wurde gesendet.',
  telegramFailed: 'Telegram Benachrichtigung fehlgeschlagen.',
  telegramMessage: (scene: string | null) =>
    `🔴 Wir sind jetzt live${scene ? ` (Szene: ${scene})` : ''}! Jetzt einschalten.`,
  obsReason: (reason: string) => `OBS meldet: ${reason}`,
  highCongestion: 'Hohe Netzwerkauslastung – der Stream kommt nicht hinterher. Bitrate senken oder Verbindung prüfen.',
  outputReconnecting: 'Die Verbindung zum Streaming-Server ist unterbrochen – OBS verbindet neu.',
  scenesHint: 'Verbinden Sie OBS, um die Szenen zu laden.',
  scheduleEmpty: 'Keine geplanten Sendungen.',
  scheduleFailed: 'Geplante Sendungen konnten nicht geladen werden.',
  rundownUnavailable: 'Die heutigen Meldungen konnten nicht geladen werden.',
  viewersSimulated: 'Simulierte Zuschauerzahl (keine echten Plattformdaten).',
} as const;

/** The three quick-text presets (SPEC §9: 3). */
export const quickTextPresets = [
  'Eilmeldung: Aktuelle Entwicklungen gleich im Anschluss',
  'Gleich geht es weiter – bleiben Sie dran!',
  'Danke fürs Zuschauen! Mehr Nachrichten auf unseren Kanälen.',
] as const;

/** The screen's title row, also prerendered into its route document at build time (app/prerender). */
export const screenHeader = { title: 'Live Broadcast', description: 'Scenes, stream and on-air text in OBS Studio' };
