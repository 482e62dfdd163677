// German messages of the shell (SPEC §1: messages German, navigation and headings English).
export const shellMessages = {
  openMenu: 'Menü öffnen',
  closeMenu: 'Menü schließen',
  demo: 'Demo-Modus',
  demoHint:
    'Die Demo beantwortet alle Aufrufe im Browser mit Beispieldaten; ihre Daten liegen getrennt von denen einer Live-Konsole.',
  lastLiveSetting:
    'Die Einstellung der Bereitstellung konnte nicht geladen werden – die letzte Live-Einstellung wird verwendet.',
} as const;
