// German messages of the shell's parts that load after the first paint (update prompt, offline banner, database notices).
export const extrasMessages = {
  offline: 'Keine Verbindung – Sie sind offline. Die zuletzt geladenen Daten bleiben sichtbar.',
  updateTitle: 'Update verfügbar',
  updateText: 'Eine neue Version von Newsdesk ist bereit.',
  updateApply: 'Jetzt aktualisieren',
  updateLater: 'Später',
  updateActiveTitle: 'Neue Version in einem anderen Tab geladen',
  updateActiveText:
    'Dieser Tab lädt nicht von selbst neu, damit Ihre Eingaben erhalten bleiben. Bitte speichern und dann neu laden.',
  updateReload: 'Neu laden',
  offlineReady: 'Newsdesk ist jetzt auch offline verfügbar.',
  dbUpgraded: 'Die Datenbank wurde in einem anderen Tab aktualisiert. Bitte laden Sie die Seite neu.',
  dbBlocked:
    'Die Datenbank kann nicht aktualisiert werden, solange Newsdesk in einem anderen Tab geöffnet ist. Bitte schließen Sie die anderen Tabs oder laden Sie sie neu.',
  dbWiped:
    'Die lokalen Daten wurden gelöscht (z. B. über die Browser-Einstellungen). Fehlerprotokoll, Postausgang und Einstellungen beginnen neu; bitte laden Sie die Seite neu.',
  reload: 'Neu laden',
} as const;
