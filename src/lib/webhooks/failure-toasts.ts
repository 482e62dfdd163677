import { errorMessage } from '@/lib/http/api-error';
import { toWebhookError, WebhookError, type WebhookFailureKind } from './call';

/** The screens' calls to operator-configured addresses, each with its own SPEC §8 toasts. */
export type WebhookAction =
  | 'n8n-start' // Workflow header: the n8n hook
  | 'setup-start' // Workflow → n8n Setup → Start Workflow
  | 'manual-trigger' // Workflow → Monitoring → manual triggers
  | 'webhook-test' // Workflow and Admin → System: Test webhook
  | 'status-check' // Workflow: status address
  | 'media-upload' // Workflow: media upload address
  | 'api-test' // Workflow → API services: a provider's own test call (subject: the service name)
  | 'video-trigger' // Video Studio → Workflow integration (subject: 'n8n' | 'zapier')
  | 'tiktok-connect'; // Admin → Social: TikTok connect through the automation

/** A destructive toast: title and text. `network` tells the screen it may add its CORS hint. */
export interface FailureToast {
  title: string;
  description?: string;
  network: boolean;
}

type Row = (kind: WebhookFailureKind, error: WebhookError, subject: string) => Omit<FailureToast, 'network'>;

/** SPEC §8's title of a failed media upload (also of a file refused before it is sent). */
export const UPLOAD_FAILED_TITLE = 'Upload Fehler';

const WEBHOOK_REQUIRED = { title: 'Fehler', description: 'Webhook URL ist erforderlich.' };
const n8nConnection: Row = (kind, e) =>
  kind === 'http'
    ? { title: 'n8n Verbindung fehlgeschlagen', description: `HTTP ${e.status}: ${e.statusText}`.trim() }
    : { title: 'n8n Verbindungsfehler', description: 'Workflow-Webhook nicht erreichbar' };

/** SPEC §8: which toast each failure of each call shows — the one table every screen reads. */
const TOASTS: Record<WebhookAction, Row> = {
  'n8n-start': (kind, e, s) => (kind === 'missing-url' ? WEBHOOK_REQUIRED : n8nConnection(kind, e, s)),
  'setup-start': (kind) =>
    kind === 'missing-url'
      ? WEBHOOK_REQUIRED
      : { title: 'Workflow-Fehler', description: 'Der n8n Workflow konnte nicht ausgelöst werden.' },
  'manual-trigger': (kind, e) =>
    kind === 'missing-url'
      ? WEBHOOK_REQUIRED
      : { title: 'Workflow Fehler', description: e.message || 'Unbekannter Fehler' },
  'webhook-test': (kind) => {
    if (kind === 'missing-url') return { title: 'Fehler', description: 'Bitte geben Sie eine Webhook URL ein.' };
    // An answer that is not OK, or none in time: the address exists but the webhook does not answer.
    if (kind === 'http' || kind === 'timeout')
      return { title: 'Webhook Fehler', description: 'Webhook nicht erreichbar.' };
    return { title: 'Verbindungsfehler', description: 'Webhook konnte nicht erreicht werden.' };
  },
  'status-check': (kind, e, s) =>
    kind === 'missing-url'
      ? { title: 'Fehler', description: 'Status URL ist nicht konfiguriert' }
      : n8nConnection(kind, e, s),
  'media-upload': (kind, e) => {
    if (kind === 'missing-url')
      return { title: UPLOAD_FAILED_TITLE, description: 'Media Upload URL ist nicht konfiguriert' };
    return {
      title: UPLOAD_FAILED_TITLE,
      description: kind === 'http' ? `Media Upload failed: ${e.status}` : 'Media Upload fehlgeschlagen',
    };
  },
  'api-test': (kind, e, service) =>
    kind === 'http'
      ? { title: 'API Test fehlgeschlagen', description: `${service}: HTTP ${e.status}` }
      : { title: 'API Verbindungsfehler', description: `${service}: ${e.message}` },
  'video-trigger': (kind, e, service) => {
    const name = service.toUpperCase();
    return kind === 'missing-url'
      ? { title: `Bitte ${name} Endpoint eingeben.` }
      : { title: `${name} Workflow fehlgeschlagen.`, description: e.message };
  },
  'tiktok-connect': (kind) =>
    kind === 'missing-url'
      ? { title: 'Fehler', description: 'Webhook URL ist nicht konfiguriert' }
      : { title: 'Webhook Fehler', description: 'TikTok-Verbindung über die Automation fehlgeschlagen.' },
};

/** The toast of a failed call (any thrown value; an unknown one counts as a network failure). */
export function failureToast(action: WebhookAction, error: unknown, subject = ''): FailureToast {
  const mapped = toWebhookError(error);
  const failure = mapped instanceof WebhookError ? mapped : new WebhookError(errorMessage(mapped), 'network');
  return { ...TOASTS[action](failure.kind, failure, subject), network: failure.kind === 'network' };
}

/** The toast of an action started without an address (checked before anything is sent). */
export function missingUrlToast(action: WebhookAction, subject = ''): FailureToast {
  return failureToast(action, new WebhookError('', 'missing-url'), subject);
}
