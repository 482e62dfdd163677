// German texts only the OBS connection form shows (SPEC §5, §8): they load with the form, not with the screen.

export const obsFormMessages = {
  validationTitle: 'Fehler',
  hostPortRequired: 'Bitte Host und Port eingeben.',
  connectedTitle: 'Verbunden',
  connected: (url: string) => `Mit OBS verbunden (${url}).`,
  disconnected: 'Verbindung zu OBS getrennt.',
  testOkTitle: 'OBS Test erfolgreich',
  testOk: (obsVersion: string, wsVersion: string) => `OBS ${obsVersion}, obs-websocket ${wsVersion}`,
  testFailedTitle: 'OBS Test fehlgeschlagen',
  modeLabel: 'Verbindung',
  modeDirect: 'Direkt vom Browser',
  instanceLabel: 'OBS-Instanz',
  serverNone: 'OBS ist nicht konfiguriert.',
  serverHint:
    'Der Newsdesk-Server hält die Verbindung zu OBS; Adresse und Passwort stehen in seinen Einstellungen (OBS_URL, OBS_PASSWORD).',
  connectedViaServer: (name: string) => `Mit OBS verbunden (${name} über den Server).`,
  serverDefault: (name: string) => `${name} (Vorgabe des Servers)`,
  serverCurrentScene: (name: string) => `${name} (aktuelle Szene)`,
  serverListsPending: 'Die Szenen und Quellen von OBS stehen zur Auswahl, sobald der Server mit OBS verbunden ist.',
  serverSourceHint: (source: string) =>
    `Quick Text setzt die Quelle „${source}“ (ohne Auswahl die des Servers, OBS_TEXT_SOURCE).`,
} as const;
