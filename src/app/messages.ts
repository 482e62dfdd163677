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
