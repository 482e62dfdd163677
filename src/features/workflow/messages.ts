/** German texts of the workflow screen (SPEC §5, §8). */
export const MSG = {
  error: 'Fehler',
  webhookRequired: 'Webhook URL ist erforderlich.',
  webhookEnter: 'Bitte geben Sie eine Webhook URL ein.',

  importTitle: 'Import-Fehler',
  imported: 'Workflow importiert',

  triggered: 'Workflow ausgelöst',
  triggerFailedTitle: 'Workflow-Fehler',
  triggerFailed: 'Der n8n Workflow konnte nicht ausgelöst werden.',

  webhookOk: 'Webhook OK',
  webhookErrorTitle: 'Webhook Fehler',
  webhookError: 'Webhook nicht erreichbar.',
  networkTitle: 'Verbindungsfehler',
  network: 'Webhook konnte nicht erreicht werden.',

  workflowErrorTitle: 'Workflow Fehler',
  unknownError: 'Unbekannter Fehler',

  n8nStarted: 'n8n Workflow gestartet',
  n8nFailedTitle: 'n8n Verbindung fehlgeschlagen',
  n8nNetworkTitle: 'n8n Verbindungsfehler',
  n8nNetwork: 'Workflow-Webhook nicht erreichbar',

  uploadErrorTitle: 'Upload Fehler',
  uploadFailed: 'Media Upload fehlgeschlagen',
  uploaded: 'Media hochgeladen',
  mediaMissing: 'Media Upload URL ist nicht konfiguriert',

  apiOk: 'API Test erfolgreich',
  apiFailed: 'API Test fehlgeschlagen',
  apiNetwork: 'API Verbindungsfehler',
  apiAllDone: 'Alle API Tests abgeschlossen',

  connectionDone: 'Verbindungstests abgeschlossen',
  statusChecked: 'Status aktualisiert',
  statusUrlMissing: 'Status URL ist nicht konfiguriert',
} as const;

/** 'HTTP {status}: {text}' (SPEC §8). */
export const httpText = (status: number, text: string) => `HTTP ${status}: ${text}`.trim();
/** '{ok}/{total} Tests erfolgreich' (SPEC §8). */
export const testsPassed = (ok: number, total: number) => `${ok}/${total} Tests erfolgreich`;
/** 'Media Upload failed: {status}' (SPEC §8). */
export const uploadFailedStatus = (status: number) => `Media Upload failed: ${status}`;
/** A browser reports a CORS refusal like a dropped network; this tells the operator where to look. */
export const corsHint = (origin: string) =>
  `Hinweis: Wenn n8n erreichbar ist, blockiert vermutlich CORS. Erlauben Sie im n8n Webhook-Node unter „Allowed Origins (CORS)“ den Ursprung ${origin}.`;
