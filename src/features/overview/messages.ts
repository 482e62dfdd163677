// German messages of the dashboard overview.
export const overviewMessages = {
  loadError: 'Die Übersicht konnte nicht geladen werden.',
  retry: 'Erneut versuchen',
  queuedJobs: (n: number) => (n === 1 ? '1 Job in der Warteschlange' : `${n} Jobs in der Warteschlange`),
  noNotifications: 'Keine Benachrichtigungen.',
  latestLoading: 'Neueste Meldungen werden geladen …',
  latestError: 'Die neuesten Meldungen konnten nicht geladen werden.',
  noLatest: 'Noch keine Meldungen.',
  noData: 'Keine Daten vorhanden.',
  actions: {
    news: { title: 'News-Generierung gestartet', text: 'Weiter zu AI News Central.' },
    highlight: { title: 'Letztes Highlight wird gepostet', text: 'Weiter zur Post-Verwaltung.' },
    live: { title: 'Live-Übertragung wird vorbereitet', text: 'Weiter zu Live Broadcast.' },
  },
  status: { online: 'Online', degraded: 'Eingeschränkt', offline: 'Offline' },
} as const;

/** The screen's title row, also prerendered into its route document at build time (app/prerender). */
export const screenHeader = {
  title: 'Dashboard',
  description: 'Überblick über News, Streams, Videos und den KI-Workflow.',
};
