// German messages of the shell (SPEC §1: messages German, navigation and headings English).
export const shellMessages = {
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
  openMenu: 'Menü öffnen',
  closeMenu: 'Menü schließen',
  demo: 'Demo-Modus',
  demoHint:
    'Die Demo beantwortet alle Aufrufe im Browser mit Beispieldaten; ihre Daten liegen getrennt von denen einer Live-Konsole.',
  lastLiveSetting:
    'Die Einstellung der Bereitstellung konnte nicht geladen werden – die letzte Live-Einstellung wird verwendet.',
  dbUpgraded: 'Die Datenbank wurde in einem anderen Tab aktualisiert. Bitte laden Sie die Seite neu.',
  dbBlocked:
    'Die Datenbank kann nicht aktualisiert werden, solange Newsdesk in einem anderen Tab geöffnet ist. Bitte schließen Sie die anderen Tabs oder laden Sie sie neu.',
  dbWiped:
    'Die lokalen Daten wurden gelöscht (z. B. über die Browser-Einstellungen). Fehlerprotokoll, Postausgang und Einstellungen beginnen neu; bitte laden Sie die Seite neu.',
  reload: 'Neu laden',
  operatorToken: {
    title: 'Zugang zum Newsdesk',
    description: 'Geben Sie das Zugangs-Token ein, das der Newsdesk-Server beim ersten Start ausgegeben hat.',
    label: 'Zugangs-Token',
    submit: 'Anmelden',
    required: 'Bitte das Zugangs-Token eingeben.',
    rejected: 'Token ungültig – bitte erneut eingeben.',
    throttled: 'Zu viele Fehlversuche – bitte später erneut versuchen.',
    unreachable: 'Der Newsdesk-Server ist nicht erreichbar.',
  },
} as const;
