// German messages of the shell (SPEC §1: messages German, navigation and headings English).
export const shellMessages = {
  offline: 'Keine Verbindung – Sie sind offline. Die zuletzt geladenen Daten bleiben sichtbar.',
  updateTitle: 'Update verfügbar',
  updateText: 'Eine neue Version von Newsdesk ist bereit.',
  updateApply: 'Jetzt aktualisieren',
  updateLater: 'Später',
  offlineReady: 'Newsdesk ist jetzt auch offline verfügbar.',
  openMenu: 'Menü öffnen',
  closeMenu: 'Menü schließen',
  demo: 'Demo-Modus',
  demoHint: 'Die Demo beantwortet alle Aufrufe im Browser mit Beispieldaten; ihre Daten liegen getrennt von denen einer Live-Konsole.',
  lastLiveSetting: 'Die Einstellung der Bereitstellung konnte nicht geladen werden – die letzte Live-Einstellung wird verwendet.',
  dbUpgraded: 'Die Datenbank wurde in einem anderen Tab aktualisiert. Bitte laden Sie die Seite neu.',
  dbBlocked: 'Die Datenbank kann nicht aktualisiert werden, solange Newsdesk in einem anderen Tab geöffnet ist. Bitte schließen Sie die anderen Tabs oder laden Sie sie neu.',
  dbWiped: 'Die lokalen Daten wurden gelöscht (z. B. über die Browser-Einstellungen). Fehlerprotokoll, Postausgang und Einstellungen beginnen neu; bitte laden Sie die Seite neu.',
  reload: 'Neu laden',
} as const;
