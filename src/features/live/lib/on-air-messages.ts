// German texts of the rundown and „Auf Sendung“ (SPEC §8's style); apart from messages.ts, so that they load with the
// rundown, after the Live screen's heading.
export const onAirMessages = {
  title: 'Auf Sendung',
  text: (headline: string, source: string) => `„${headline}“ steht jetzt in „${source}“.`,
  video: (media: string) => `Das Video läuft in „${media}“.`,
  failedTitle: 'Auf Sendung fehlgeschlagen',
  failed: 'Meldung konnte nicht auf Sendung gehen.',
  empty: 'Heute wurde noch keine Meldung veröffentlicht.',
  loadFailed: 'Die heutigen Meldungen konnten nicht geladen werden.',
} as const;
