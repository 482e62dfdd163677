/** Video Studio's German texts (SPEC §5, §8). */
export const messages = {
  avatarAndScriptRequired: 'Bitte Avatar und Script auswählen.',
  /** The local platform needs no avatar, only a script (in the words of SPEC §5's „Bitte … eingeben.“). */
  scriptRequired: 'Bitte Script eingeben.',
  localNoAvatar:
    'Kein Avatar nötig: Der Server spricht das Script mit der gewählten Stimme und rendert es mit Untertiteln.',
  localBackground: 'Ein Bild aus der Mediathek liegt hinter dem Text; sonst der schlichte Newsdesk-Hintergrund.',
  generateFailed: 'Video-Generierung fehlgeschlagen.',
  generated: 'Video generiert',
  workflowReadFailed: 'Workflow konnte nicht gelesen werden.',
  workflowUploaded: 'Workflow hochgeladen',
  workflowStarted: 'Workflow gestartet',
  retryStarted: 'Video wird erneut generiert',
  retryFailed: 'Erneuter Versuch fehlgeschlagen.',
  downloadFailed: 'Download fehlgeschlagen.',
  statusFailed: 'Status konnte nicht abgefragt werden.',
  playbackFailed: 'Video konnte nicht abgespielt werden.',
  settingsSaved: 'Einstellungen gespeichert',
  settingsFailed: 'Einstellungen konnten nicht gespeichert werden.',
  listFailed: 'Daten konnten nicht geladen werden.',
  noAvatars: 'Für diese Plattform sind keine Avatare verfügbar.',
  noProjects: 'Noch keine Video-Projekte.',
} as const;

/** The screen's title row, also prerendered into its route document at build time (app/prerender). */
export const screenHeader = {
  title: 'Video Studio',
  description: 'Generate AI avatar videos, follow your projects and hand them to your automation workflows.',
};
