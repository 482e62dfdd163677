import { describe, expect, test } from 'vitest';
import { ApiError, httpError } from '@/lib/http/api-error';
import { WebhookError } from './call';
import { failureToast, missingUrlToast, type WebhookAction } from './failure-toasts';

// SPEC §8's toasts, written out: every screen's failed call to an operator address reads this one table.
const http500 = new WebhookError('n8n Webhook failed: 500 Internal Server Error', 'http', 500, 'Internal Server Error');
const http404 = new WebhookError('HTTP 404', 'http', 404, 'Not Found');
const network = new WebhookError('Webhook konnte nicht erreicht werden.', 'network');
const timeout = new WebhookError('Connection timeout', 'timeout');
const open = new WebhookError(
  'Circuit breaker is open for video-webhook. Service temporarily unavailable.',
  'circuit-open',
);

const pick = (action: WebhookAction, error: unknown, subject?: string) => {
  const { title, description } = failureToast(action, error, subject);
  return [title, description];
};

describe('SPEC §8 failure toasts', () => {
  test('Workflow header (n8n hook): n8n Verbindung fehlgeschlagen / n8n Verbindungsfehler', () => {
    expect(pick('n8n-start', http500)).toEqual(['n8n Verbindung fehlgeschlagen', 'HTTP 500: Internal Server Error']);
    expect(pick('n8n-start', network)).toEqual(['n8n Verbindungsfehler', 'Workflow-Webhook nicht erreichbar']);
    expect(pick('n8n-start', timeout)).toEqual(['n8n Verbindungsfehler', 'Workflow-Webhook nicht erreichbar']);
    expect(failureToast('n8n-start', network).network).toBe(true);
    expect(failureToast('n8n-start', http500).network).toBe(false);
  });

  test('missing webhook: Fehler', () => {
    for (const action of ['n8n-start', 'setup-start', 'manual-trigger'] as const) {
      const { title, description } = missingUrlToast(action);
      expect([title, description]).toEqual(['Fehler', 'Webhook URL ist erforderlich.']);
    }
    expect(pick('webhook-test', new WebhookError('', 'missing-url'))).toEqual([
      'Fehler',
      'Bitte geben Sie eine Webhook URL ein.',
    ]);
  });

  test('n8n Setup → Start Workflow: Workflow-Fehler', () => {
    expect(pick('setup-start', http500)).toEqual([
      'Workflow-Fehler',
      'Der n8n Workflow konnte nicht ausgelöst werden.',
    ]);
    expect(pick('setup-start', network)).toEqual([
      'Workflow-Fehler',
      'Der n8n Workflow konnte nicht ausgelöst werden.',
    ]);
  });

  test('manual triggers: Workflow Fehler with the message, or Unbekannter Fehler', () => {
    expect(pick('manual-trigger', http500)).toEqual([
      'Workflow Fehler',
      'n8n Webhook failed: 500 Internal Server Error',
    ]);
    expect(pick('manual-trigger', new WebhookError('', 'http', 502))).toEqual([
      'Workflow Fehler',
      'Unbekannter Fehler',
    ]);
  });

  test('webhook test (Workflow and Admin): Webhook Fehler when not OK, Verbindungsfehler on a network failure', () => {
    expect(pick('webhook-test', http500)).toEqual(['Webhook Fehler', 'Webhook nicht erreichbar.']);
    expect(pick('webhook-test', timeout)).toEqual(['Webhook Fehler', 'Webhook nicht erreichbar.']);
    expect(pick('webhook-test', network)).toEqual(['Verbindungsfehler', 'Webhook konnte nicht erreicht werden.']);
  });

  test('status address: n8n Verbindung fehlgeschlagen with HTTP {status}: {text}', () => {
    expect(pick('status-check', http404)).toEqual(['n8n Verbindung fehlgeschlagen', 'HTTP 404: Not Found']);
    expect(pick('status-check', network)).toEqual(['n8n Verbindungsfehler', 'Workflow-Webhook nicht erreichbar']);
  });

  test('media upload: Upload Fehler', () => {
    expect(pick('media-upload', new WebhookError('Media Upload failed: 413', 'http', 413))).toEqual([
      'Upload Fehler',
      'Media Upload failed: 413',
    ]);
    expect(pick('media-upload', network)).toEqual(['Upload Fehler', 'Media Upload fehlgeschlagen']);
    expect(pick('media-upload', new WebhookError('', 'missing-url'))).toEqual([
      'Upload Fehler',
      'Media Upload URL ist nicht konfiguriert',
    ]);
  });

  test('provider tests: API Test fehlgeschlagen (service and HTTP {status}) / API Verbindungsfehler (service and message)', () => {
    expect(pick('api-test', http404, 'OpenAI')).toEqual(['API Test fehlgeschlagen', 'OpenAI: HTTP 404']);
    expect(pick('api-test', timeout, 'Tavus')).toEqual(['API Verbindungsfehler', 'Tavus: Connection timeout']);
  });

  test('Video Studio: {N8N|ZAPIER} Workflow fehlgeschlagen.', () => {
    expect(failureToast('video-trigger', network, 'n8n').title).toBe('N8N Workflow fehlgeschlagen.');
    expect(failureToast('video-trigger', open, 'zapier').title).toBe('ZAPIER Workflow fehlgeschlagen.');
    expect(missingUrlToast('video-trigger', 'zapier').title).toBe('Bitte ZAPIER Endpoint eingeben.');
  });

  test('any thrown value maps: transport errors by code, an abort-free unknown error as a network failure', () => {
    expect(pick('n8n-start', httpError(503, 'x', 'u', 'Service Unavailable'))).toEqual([
      'n8n Verbindung fehlgeschlagen',
      'HTTP 503: Service Unavailable',
    ]);
    expect(pick('webhook-test', new ApiError('Connection timeout', { code: 'TIMEOUT' }))).toEqual([
      'Webhook Fehler',
      'Webhook nicht erreichbar.',
    ]);
    expect(pick('webhook-test', new TypeError('Failed to fetch'))).toEqual([
      'Verbindungsfehler',
      'Webhook konnte nicht erreicht werden.',
    ]);
  });
});
