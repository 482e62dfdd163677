// German texts of the OBS connection, shared by the Live screen and Admin → OBS WebSocket (SPEC §5, §8).
import { DEMO_OBS_PASSWORD, DEMO_OBS_PORT } from './demo';

export const obsMessages = {
  connectFailedTitle: 'Verbindung fehlgeschlagen',
  connectFailed: 'Konnte nicht mit OBS verbinden. Prüfen Sie die Einstellungen.',
  authFailed:
    'Falsches Passwort – OBS hat die Anmeldung abgelehnt (Code 4009). Es wird kein neuer Versuch unternommen.',
  reconnecting: (attempt: number, seconds: number) =>
    `Verbindung zu OBS verloren – Versuch ${attempt}, nächster Versuch in ${seconds} s.`,
  notConnectedTitle: 'Nicht verbunden',
  notConnected: 'Bitte zuerst mit OBS verbinden.',
  modeServer: 'Über den Server',
  lanHint: (host: string) =>
    `Diese Konsole läuft über https: Der Browser darf OBS unter ${host} im Studio-Netz nicht über ws:// erreichen (gemischte Inhalte), und ein Tablet in einem anderen Netz erreicht OBS gar nicht. Verbinden Sie über den Server.`,
  // ws:// to the browser's own machine is allowed from https; the trouble there is which machine that is.
  loopbackHint: (host: string) =>
    `OBS ist unter ${host} eingetragen, also auf dem Gerät, auf dem diese Konsole läuft. Auf einem Tablet oder einem anderen Rechner als dem Studio-PC ist OBS dort nicht zu erreichen. Verbinden Sie über den Server.`,
  useServer: 'Über den Server verbinden',
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
