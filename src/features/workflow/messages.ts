/** German texts of the workflow screen (SPEC §5, §8); the failure toasts of its webhook calls are lib/webhooks/failure-toasts. */
export const MSG = {
  imported: 'Workflow importiert',

  triggered: 'Workflow ausgelöst',
  webhookOk: 'Webhook OK',

  workflowErrorTitle: 'Workflow Fehler',
  unknownError: 'Unbekannter Fehler',
  n8nStarted: 'n8n Workflow gestartet',
  uploaded: 'Media hochgeladen',

  apiOk: 'API Test erfolgreich',
  apiAllDone: 'Alle API Tests abgeschlossen',

  connectionDone: 'Verbindungstests abgeschlossen',
  statusChecked: 'Status aktualisiert',
} as const;

/** '{ok}/{total} Tests erfolgreich' (SPEC §8). */
export const testsPassed = (ok: number, total: number) => `${ok}/${total} Tests erfolgreich`;
/** A browser reports a CORS refusal like a dropped network; this tells the operator where to look. */
export const corsHint = (origin: string) =>
  `Hinweis: Wenn n8n erreichbar ist, blockiert vermutlich CORS. Erlauben Sie im n8n Webhook-Node unter „Allowed Origins (CORS)“ den Ursprung ${origin}.`;

/** The screen's title (its description shows the workflow's state), also prerendered into its route document at build time (app/prerender). */
export const screenHeader = { title: 'n8n AI-News Workflow' };
