// German texts of the OBS connection, shared by the Live screen and Admin → OBS WebSocket (SPEC §5, §8).
import { DEMO_OBS_PASSWORD, DEMO_OBS_PORT } from './demo';

export const obsMessages = {
  validationTitle: 'Fehler',
  hostPortRequired: 'Bitte Host und Port eingeben.',
  connectFailedTitle: 'Verbindung fehlgeschlagen',
  connectFailed: 'Konnte nicht mit OBS verbinden. Prüfen Sie die Einstellungen.',
  authFailed: 'Falsches Passwort – OBS hat die Anmeldung abgelehnt (Code 4009). Es wird kein neuer Versuch unternommen.',
  connectedTitle: 'Verbunden',
  connected: (url: string) => `Mit OBS verbunden (${url}).`,
  disconnected: 'Verbindung zu OBS getrennt.',
  reconnecting: (attempt: number, seconds: number) => `Verbindung zu OBS verloren – Versuch ${attempt}, nächster Versuch in ${seconds} s.`,
  testOkTitle: 'OBS Test erfolgreich',
  testOk: (obsVersion: string, wsVersion: string) => `OBS ${obsVersion}, obs-websocket ${wsVersion}`,
  testFailedTitle: 'OBS Test fehlgeschlagen',
  notConnectedTitle: 'Nicht verbunden',
  notConnected: 'Bitte zuerst mit OBS verbinden.',
  demoHint: `Demo-Modus: Ein simuliertes OBS antwortet auf jedem Host unter Port ${DEMO_OBS_PORT}. Passwort: ${DEMO_OBS_PASSWORD}`,
} as const;

/** Status labels (English UI labels next to German messages, as the rest of the app). */
export const obsStatusLabels = {
  disconnected: 'Disconnected',
  connecting: 'Connecting…',
  connected: 'Connected',
  reconnecting: 'Reconnecting…',
  'auth-failed': 'Wrong password',
} as const;

/** Title and text of the toast for a failed connect or test: a wrong password is said as such (SPEC §8 otherwise). */
export function connectFailureMessage(failure: { kind: string } | null | undefined): { title: string; description: string } {
  return { title: obsMessages.connectFailedTitle, description: failure?.kind === 'auth' ? obsMessages.authFailed : obsMessages.connectFailed };
}
