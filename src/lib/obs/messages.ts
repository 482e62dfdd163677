// German texts of the OBS connection, shared by the Live screen and Admin → OBS WebSocket (SPEC §5, §8).
import { DEMO_OBS_PASSWORD, DEMO_OBS_PORT } from './demo';

export const obsMessages = {
  validationTitle: 'Fehler',
  hostPortRequired: 'Bitte Host und Port eingeben.',
  connectFailedTitle: 'Verbindung fehlgeschlagen',
  connectFailed: 'Konnte nicht mit OBS verbinden. Prüfen Sie die Einstellungen.',
  authFailed:
    'Falsches Passwort – OBS hat die Anmeldung abgelehnt (Code 4009). Es wird kein neuer Versuch unternommen.',
  connectedTitle: 'Verbunden',
  connected: (url: string) => `Mit OBS verbunden (${url}).`,
  disconnected: 'Verbindung zu OBS getrennt.',
  reconnecting: (attempt: number, seconds: number) =>
    `Verbindung zu OBS verloren – Versuch ${attempt}, nächster Versuch in ${seconds} s.`,
  testOkTitle: 'OBS Test erfolgreich',
  testOk: (obsVersion: string, wsVersion: string) => `OBS ${obsVersion}, obs-websocket ${wsVersion}`,
  testFailedTitle: 'OBS Test fehlgeschlagen',
  notConnectedTitle: 'Nicht verbunden',
  notConnected: 'Bitte zuerst mit OBS verbinden.',
  // OBS through the server
  modeLabel: 'Verbindung',
  modeDirect: 'Direkt vom Browser',
  modeServer: 'Über den Server',
  instanceLabel: 'OBS-Instanz',
  serverHint:
    'Der Newsdesk-Server hält die Verbindung zu OBS; Adresse und Passwort stehen in seinen Einstellungen (OBS_URL, OBS_PASSWORD).',
  lanHint: (host: string) =>
    `Diese Konsole läuft über https: Der Browser darf OBS unter ${host} im Studio-Netz nicht über ws:// erreichen (gemischte Inhalte), und ein Tablet in einem anderen Netz erreicht OBS gar nicht. Verbinden Sie über den Server.`,
  useServer: 'Über den Server verbinden',
  connectedViaServer: (name: string) => `Mit OBS verbunden (${name} über den Server).`,
  serverDefault: (name: string) => `${name} (Vorgabe des Servers)`,
  serverCurrentScene: (name: string) => `${name} (aktuelle Szene)`,
  serverListsPending: 'Die Szenen und Quellen von OBS stehen zur Auswahl, sobald der Server mit OBS verbunden ist.',
  serverSourceHint: (source: string) =>
    `Quick Text setzt die Quelle „${source}“ (ohne Auswahl die des Servers, OBS_TEXT_SOURCE).`,
  demoHint: `Demo-Modus: Ein simuliertes OBS antwortet auf jedem Host unter Port ${DEMO_OBS_PORT}. Passwort: ${DEMO_OBS_PASSWORD}`,
} as const;

/** Status labels (English UI labels next to German messages, as the rest of the app). */
export const obsStatusLabels = {
  disconnected: 'Disconnected',
  connecting: 'Connecting…',
  connected: 'Connected',
  reconnecting: 'Reconnecting…',
  'auth-failed': 'Wrong password',
  refused: 'Closed by OBS',
} as const;

const NO_RETRY = 'Es wird kein neuer Versuch unternommen.';

// Why OBS closed the connection, by obs-websocket v5 WebSocketCloseCode (4009 has its own text, authFailed).
const CLOSE_REASONS: Record<number, string> = {
  4000: 'OBS hat die Verbindung ohne Angabe eines Grundes beendet',
  4002: 'OBS konnte eine Nachricht der Konsole nicht lesen',
  4003: 'In einer Nachricht der Konsole fehlte OBS ein Pflichtfeld',
  4004: 'Ein Feld einer Nachricht der Konsole hatte für OBS den falschen Typ',
  4005: 'Ein Feld einer Nachricht der Konsole hatte für OBS einen ungültigen Wert',
  4006: 'OBS kennt die Art einer Nachricht der Konsole nicht',
  4007: 'OBS hat eine Nachricht vor der Anmeldung erhalten',
  4008: 'Die Konsole war bei OBS bereits angemeldet',
  4010: 'OBS unterstützt die Protokollversion der Konsole (RPC 1) nicht – bitte obs-websocket aktualisieren',
  4011: 'Die Sitzung wurde in OBS beendet (Sitzungsliste von obs-websocket)',
  4012: 'OBS unterstützt eine angeforderte Funktion nicht',
};

/** The German reason for a connection OBS closed on purpose (a 4000-range close code); it is never retried. */
export function closeReasonMessage(code: number): string {
  if (code === 4009) return obsMessages.authFailed;
  return `${CLOSE_REASONS[code] ?? 'OBS hat die Verbindung beendet'} (Code ${code}). ${NO_RETRY}`;
}

/**
 * Title and text of the toast for a failed connect or test: a wrong password or another close code of OBS's own is
 * said as such (SPEC §8 otherwise).
 */
export function connectFailureMessage(failure: { kind: string; code?: number } | null | undefined): {
  title: string;
  description: string;
} {
  const description =
    failure?.kind === 'auth'
      ? obsMessages.authFailed
      : failure?.kind === 'refused' && failure.code !== undefined
        ? closeReasonMessage(failure.code)
        : obsMessages.connectFailed;
  return { title: obsMessages.connectFailedTitle, description };
}
