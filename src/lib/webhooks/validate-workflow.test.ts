import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import fc from 'fast-check';
import { validateWorkflowFile, validateWorkflowJson, validateWorkflowText } from './validate-workflow';

const GERMAN = ['Bitte laden Sie eine gültige JSON-Datei hoch.', 'Die JSON-Datei konnte nicht gelesen werden.', 'Kein gültiger AI-News Workflow gefunden'];
const jsonFile = (text: string | Uint8Array, name = 'workflow.json', type = 'application/json') => new File([text as BlobPart], name, { type });

describe('validateWorkflowFile', () => {
  test('a file that is not application/json: Bitte laden Sie eine gültige JSON-Datei hoch.', async () => {
    await expect(validateWorkflowFile(jsonFile('{}', 'notes.txt', 'text/plain'))).resolves.toEqual({ ok: false, title: 'Import-Fehler', message: 'Bitte laden Sie eine gültige JSON-Datei hoch.' });
  });

  test('unparsable content: Die JSON-Datei konnte nicht gelesen werden. (title Import-Fehler)', async () => {
    await expect(validateWorkflowFile(jsonFile('{"nodes": ['))).resolves.toEqual({ ok: false, title: 'Import-Fehler', message: 'Die JSON-Datei konnte nicht gelesen werden.' });
  });

  test('a file larger than 5 MB is not read', async () => {
    const big = jsonFile(new Uint8Array(5 * 1024 * 1024 + 1));
    await expect(validateWorkflowFile(big)).resolves.toMatchObject({ ok: false, message: 'Die JSON-Datei konnte nicht gelesen werden.' });
  });

  test('the shipped example workflow is accepted and gives the demo addresses', async () => {
    const text = readFileSync(resolve(__dirname, '../../../examples/n8n/ai-news.workflow.json'), 'utf8');
    const result = await validateWorkflowFile(jsonFile(text, 'ai-news.workflow.json'), { baseUrl: 'https://n8n.example.test/' });
    expect(result).toMatchObject({
      ok: true,
      workflow: {
        id: 'ai-news-workflow',
        webhookUrl: 'https://n8n.example.test/webhook/ai-news',
        statusUrl: 'https://n8n.example.test/webhook/ai-news/status',
        gatewayUrl: 'https://n8n.example.test/webhook/ai-news/gateway',
        mediaUrl: 'https://n8n.example.test/webhook/ai-news/media',
      },
    });
  });
});

describe('validateWorkflowJson', () => {
  test('needs a webhook-type node or the known workflow id', () => {
    expect(validateWorkflowJson({ id: 'x', nodes: [{ type: 'n8n-nodes-base.code' }, { type: 'n8n-nodes-base.respondToWebhook' }] }))
      .toEqual({ ok: false, title: 'Import-Fehler', message: 'Kein gültiger AI-News Workflow gefunden' });
    expect(validateWorkflowJson({ id: 'ai-news-workflow', nodes: [] })).toMatchObject({ ok: true, workflow: { id: 'ai-news-workflow' } });
    expect(validateWorkflowJson({ id: 'other', name: 'Mein Flow', nodes: [{ type: 'n8n-nodes-base.webhook', webhookUrl: 'https://hook.example.test/webhook/x' }], connections: {} }))
      .toMatchObject({ ok: true, workflow: { id: 'other', name: 'Mein Flow', webhookUrl: 'https://hook.example.test/webhook/x' } });
  });

  test('arrays, numbers and null are not workflows', () => {
    for (const value of [[], 42, null, 'text', true]) expect(validateWorkflowJson(value)).toMatchObject({ ok: false, message: 'Kein gültiger AI-News Workflow gefunden' });
  });
});

describe('bad input never breaks the import', () => {
  test('arbitrary JSON values give ok or a German message', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const result = validateWorkflowText(JSON.stringify(value));
        return result.ok || GERMAN.includes(result.message);
      }),
      { numRuns: 300 },
    );
  });

  test('arbitrary workflow-shaped objects never throw', () => {
    const node = fc.record({ type: fc.oneof(fc.constant('n8n-nodes-base.webhook'), fc.string(), fc.integer(), fc.constant(null)), webhookUrl: fc.anything(), parameters: fc.anything() }, { requiredKeys: [] });
    fc.assert(
      fc.property(fc.record({ id: fc.anything(), name: fc.anything(), nodes: fc.oneof(fc.array(node), fc.anything()), connections: fc.anything() }, { requiredKeys: [] }), fc.option(fc.string()), (value, baseUrl) => {
        const result = validateWorkflowJson(value, { baseUrl: baseUrl ?? undefined });
        return result.ok || GERMAN.includes(result.message);
      }),
      { numRuns: 300 },
    );
  });

  test('arbitrary bytes as a .json file give ok or a German message', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 2048 }), fc.constantFrom('application/json', '', 'text/plain', 'application/octet-stream'), async (bytes, type) => {
        const result = await validateWorkflowFile(jsonFile(bytes, 'upload.json', type));
        return result.ok || GERMAN.includes(result.message);
      }),
      { numRuns: 200 },
    );
  });

  test('deeply nested JSON does not throw', () => {
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    const result = validateWorkflowText(deep);
    expect(result.ok).toBe(false);
  });
});
