// Texts of the landing page. Headings and buttons English (SPEC §1), the demo explanation German.
export const landingText = {
  brand: 'Newsdesk',
  launch: 'Launch Dashboard',
  badge: 'AI News Platform',
  title: 'AI-powered news, from trending topic to live broadcast',
  lead: 'Newsdesk turns trending topics and scraped sources into finished news: AI analysis, speech synthesis and AI avatar videos, published to YouTube, Facebook, Instagram, TikTok and more — with live streaming through broadcast software, analytics, and automated social media management with scheduling.',
  getStarted: 'Get Started',
  watchDemo: 'Watch Demo',
  featuresTitle: 'Everything your newsroom automates',
  ctaTitle: 'Ready to automate your newsroom?',
  ctaText: 'Open the dashboard and run the whole pipeline — in the browser demo or against your own backend.',
  cta: 'Start Your Journey',
  footer: '© 2024 Newsdesk. AI News Platform.',
} as const;

export const demoText = {
  title: 'Watch Demo',
  description:
    'Der Demo-Modus läuft vollständig im Browser: Alle Aufrufe beantwortet eine simulierte Gegenstelle mit Beispieldaten. Es wird kein Backend benötigt, und nach dem ersten Besuch funktioniert die Demo auch offline.',
  start: 'Demo starten',
  scenariosTitle: 'Oder ein Szenario ausprobieren:',
  scenarios: [
    { id: 'empty', label: 'Leere Daten', hint: 'Alle Listen sind leer.' },
    { id: 'slow', label: 'Langsames Netz', hint: 'Jede Antwort kommt 1,5 s später.' },
    { id: 'error', label: 'Serverfehler', hint: 'Jeder Aufruf antwortet mit HTTP 500.' },
    { id: 'offline', label: 'Verbindungsabbruch', hint: 'Jeder Aufruf scheitert wie ohne Netz.' },
  ],
} as const;
