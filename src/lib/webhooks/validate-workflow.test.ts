import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import fc from 'fast-check';
import { validateWorkflowFile, validateWorkflowJson, validateWorkflowText } from './validate-workflow';

const GERMAN = [
  'Bitte laden Sie eine gültige JSON-Datei hoch.',
  'Die JSON-Datei konnte nicht gelesen werden.',
  'Kein gültiger AI-News Workflow gefunden',
];
/**
 * The rule written out independently of the code (SPEC §5): a workflow is a JSON object with the known id
 * 'ai-news-workflow' or a node whose type ends in '.webhook' (a trigger, not 'respondToWebhook').
 */
function isAiNewsWorkflow(value: unknown): boolean {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const { id, nodes } = value as { id?: unknown; nodes?: unknown };
  if ((typeof id === 'string' || typeof id === 'number') && String(id).trim() === 'ai-news-workflow') return true;
  return (
    Array.isArray(nodes) &&
    nodes.some(
      (n) =>
        typeof n === 'object' &&
        n !== null &&
        typeof (n as { type?: unknown }).type === 'string' &&
        /(^|\.)webhook$/i.test((n as { type: string }).type),
    )
  );
}

/** Accepted exactly when it is a workflow, with an address only where one was given; refused with a German message. */
function judged(value: unknown, result: ReturnType<typeof validateWorkflowJson>): boolean {
  if (!result.ok) return GERMAN.includes(result.message) && !isAiNewsWorkflow(value);
  const { workflow } = result;
  const addresses = [workflow.webhookUrl, workflow.statusUrl, workflow.gatewayUrl, workflow.mediaUrl].filter(
    (a) => a !== undefined,
  );
  return (
    isAiNewsWorkflow(value) &&
    typeof workflow.id === 'string' &&
    workflow.id.length > 0 &&
    typeof workflow.name === 'string' &&
    addresses.every((a) => /^https?:\/\//i.test(a))
  );
}

const jsonFile = (text: string | Uint8Array, name = 'workflow.json', type = 'application/json') =>
  new File([text as BlobPart], name, { type });

describe('validateWorkflowFile', () => {
  test('a file that is not application/json: Bitte laden Sie eine gültige JSON-Datei hoch.', async () => {
    await expect(validateWorkflowFile(jsonFile('{}', 'notes.txt', 'text/plain'))).resolves.toEqual({
      ok: false,
      title: 'Import-Fehler',
      message: 'Bitte laden Sie eine gültige JSON-Datei hoch.',
    });
  });

  test('unparsable content: Die JSON-Datei konnte nicht gelesen werden. (title Import-Fehler)', async () => {
    await expect(validateWorkflowFile(jsonFile('{"nodes": ['))).resolves.toEqual({
      ok: false,
      title: 'Import-Fehler',
      message: 'Die JSON-Datei konnte nicht gelesen werden.',
    });
  });

  test('a file larger than 5 MB is not read', async () => {
    const big = jsonFile(new Uint8Array(5 * 1024 * 1024 + 1));
    await expect(validateWorkflowFile(big)).resolves.toMatchObject({
      ok: false,
      message: 'Die JSON-Datei konnte nicht gelesen werden.',
    });
  });

  test('the shipped example workflow is accepted and gives the demo addresses', async () => {
    const text = readFileSync(resolve(__dirname, '../../../examples/n8n/ai-news.workflow.json'), 'utf8');
    const result = await validateWorkflowFile(jsonFile(text, 'ai-news.workflow.json'), {
      baseUrl: 'https://n8n.example.test/',
    });
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
    expect(
      validateWorkflowJson({
        id: 'x',
        nodes: [{ type: 'n8n-nodes-base.code' }, { type: 'n8n-nodes-base.respondToWebhook' }],
      }),
    ).toEqual({ ok: false, title: 'Import-Fehler', message: 'Kein gültiger AI-News Workflow gefunden' });
    expect(validateWorkflowJson({ id: 'ai-news-workflow', nodes: [] })).toMatchObject({
      ok: true,
      workflow: { id: 'ai-news-workflow' },
    });
    expect(
      validateWorkflowJson({
        id: 'other',
        name: 'Mein Flow',
        nodes: [{ type: 'n8n-nodes-base.webhook', webhookUrl: 'https://hook.example.test/webhook/x' }],
        connections: {},
      }),
    ).toMatchObject({
      ok: true,
      workflow: { id: 'other', name: 'Mein Flow', webhookUrl: 'https://hook.example.test/webhook/x' },
    });
  });

  test('arrays, numbers and null are not workflows', () => {
    for (const value of [[], 42, null, 'text', true])
      expect(validateWorkflowJson(value)).toMatchObject({
        ok: false,
        message: 'Kein gültiger AI-News Workflow gefunden',
      });
  });
});

describe('bad input never breaks the import', () => {
  test('arbitrary JSON values give ok or a German message', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => judged(value, validateWorkflowText(JSON.stringify(value)))),
      { numRuns: 300 },
    );
  });

  test('arbitrary workflow-shaped objects: accepted exactly when they are workflows', () => {
    const node = fc.record(
      {
        type: fc.oneof(
          fc.constant('n8n-nodes-base.webhook'),
          fc.constant('n8n-nodes-base.respondToWebhook'),
          fc.string(),
          fc.integer(),
          fc.constant(null),
        ),
        webhookUrl: fc.anything(),
        parameters: fc.anything(),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(
        fc.record(
          {
            id: fc.oneof(fc.constant('ai-news-workflow'), fc.anything()),
            name: fc.anything(),
            nodes: fc.oneof(fc.array(node), fc.anything()),
            connections: fc.anything(),
          },
          { requiredKeys: [] },
        ),
        fc.option(fc.string()),
        (value, baseUrl) => {
          return judged(value, validateWorkflowJson(value, { baseUrl: baseUrl ?? undefined }));
        },
      ),
      { numRuns: 300 },
    );
  });

  test('arbitrary bytes as a .json file give ok or a German message', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uint8Array({ maxLength: 2048 }),
        fc.constantFrom('application/json', '', 'text/plain', 'application/octet-stream'),
        async (bytes, type) => {
          const result = await validateWorkflowFile(jsonFile(bytes, 'upload.json', type));
          if (!result.ok) return GERMAN.includes(result.message);
          // Accepted bytes are JSON text of a workflow.
          return judged(JSON.parse(new TextDecoder().decode(bytes)), result);
        },
      ),
      { numRuns: 200 },
    );
  });

  test('deeply nested JSON does not throw', () => {
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    const result = validateWorkflowText(deep);
    expect(result.ok).toBe(false);
  });
});
