import * as z from 'zod/mini';
import { DEFAULT_WORKFLOW_ID } from '@/db/settings';

/** SPEC §5 texts of a failed import (title 'Import-Fehler'). */
export const IMPORT_MESSAGES = {
  title: 'Import-Fehler',
  fileType: 'Bitte laden Sie eine gültige JSON-Datei hoch.',
  unreadable: 'Die JSON-Datei konnte nicht gelesen werden.',
  notAiNews: 'Kein gültiger AI-News Workflow gefunden',
} as const;

/** Larger files are not read at all; no n8n export comes near this. */
export const MAX_WORKFLOW_FILE_BYTES = 5 * 1024 * 1024;

const nodeSchema = z.looseObject({
  type: z.optional(z.unknown()),
  webhookUrl: z.optional(z.unknown()),
  parameters: z.optional(z.unknown()),
});

// Only the fields SPEC §3 names are read; everything else in the file is ignored.
const workflowSchema = z.looseObject({
  id: z.optional(z.unknown()),
  name: z.optional(z.unknown()),
  nodes: z.optional(z.unknown()),
  connections: z.optional(z.unknown()),
});

/** The endpoints an imported workflow offers (absolute when the file or the base address says so). */
export interface ImportedWorkflow {
  id: string;
  name: string;
  nodeCount: number;
  webhookUrl?: string;
  statusUrl?: string;
  gatewayUrl?: string;
  mediaUrl?: string;
}

export type ImportResult =
  { ok: true; workflow: ImportedWorkflow } | { ok: false; title: typeof IMPORT_MESSAGES.title; message: string };

const failure = (message: string): ImportResult => ({ ok: false, title: IMPORT_MESSAGES.title, message });

/** An n8n Webhook trigger node ('n8n-nodes-base.webhook'), not 'respondToWebhook'. */
function isWebhookNode(type: unknown): boolean {
  if (typeof type !== 'string') return false;
  const last = type.split('.').pop() ?? '';
  return last.toLowerCase() === 'webhook';
}

interface WebhookNode {
  url?: string;
  path?: string;
  method: string;
}

function readWebhookNode(node: z.infer<typeof nodeSchema>): WebhookNode {
  const params =
    node.parameters && typeof node.parameters === 'object' ? (node.parameters as Record<string, unknown>) : {};
  const method =
    typeof params.httpMethod === 'string'
      ? params.httpMethod.toUpperCase()
      : Array.isArray(params.httpMethod)
        ? params.httpMethod.join(',').toUpperCase()
        : 'GET';
  return {
    url: typeof node.webhookUrl === 'string' && /^https?:\/\//i.test(node.webhookUrl) ? node.webhookUrl : undefined,
    path: typeof params.path === 'string' ? params.path.replace(/^\/+|\/+$/g, '') : undefined,
    method,
  };
}

function addressOf(node: WebhookNode, baseUrl: string | undefined): string | undefined {
  if (node.url) return node.url;
  if (!node.path || !baseUrl || !/^https?:\/\//i.test(baseUrl)) return undefined;
  return `${baseUrl.replace(/\/+$/, '')}/webhook/${node.path}`;
}

/** Checks parsed JSON as an AI-News workflow (SPEC §5); an n8n export has only paths, so `{baseUrl}/webhook/{path}`. */
export function validateWorkflowJson(value: unknown, options: { baseUrl?: string } = {}): ImportResult {
  const parsed = workflowSchema.safeParse(value);
  if (!parsed.success || Array.isArray(value)) return failure(IMPORT_MESSAGES.notAiNews);
  const data = parsed.data;
  const nodes = Array.isArray(data.nodes)
    ? data.nodes.map((n) => nodeSchema.safeParse(n)).flatMap((r) => (r.success ? [r.data] : []))
    : [];
  const webhooks = nodes.filter((n) => isWebhookNode(n.type)).map(readWebhookNode);
  const id = typeof data.id === 'string' || typeof data.id === 'number' ? String(data.id).trim() : '';
  if (webhooks.length === 0 && id !== DEFAULT_WORKFLOW_ID) return failure(IMPORT_MESSAGES.notAiNews);

  const bySuffix = (suffix: string) => webhooks.find((w) => w.path?.toLowerCase().endsWith(suffix));
  const trigger =
    webhooks.find((w) => w.url) ??
    webhooks.find((w) => w.method.includes('POST') && w.path && !/\/(status|gateway|media)$/i.test(w.path)) ??
    webhooks[0];
  const media =
    webhooks.find((w) => w.path?.toLowerCase().endsWith('/media') && w.method.includes('POST')) ?? bySuffix('/media');
  const status = bySuffix('/status');
  const gateway = bySuffix('/gateway');
  const name = typeof data.name === 'string' && data.name.trim() ? data.name.trim().slice(0, 200) : id || 'Workflow';
  const workflow: ImportedWorkflow = { id: (id || DEFAULT_WORKFLOW_ID).slice(0, 200), name, nodeCount: nodes.length };
  const set = (key: 'webhookUrl' | 'statusUrl' | 'gatewayUrl' | 'mediaUrl', node: WebhookNode | undefined) => {
    const address = node && addressOf(node, options.baseUrl);
    if (address) workflow[key] = address;
  };
  set('webhookUrl', trigger);
  set('statusUrl', status);
  set('gatewayUrl', gateway);
  set('mediaUrl', media);
  return { ok: true, workflow };
}

/** Checks the text of a workflow file: unparsable text gives 'Die JSON-Datei konnte nicht gelesen werden.'. */
export function validateWorkflowText(text: string, options: { baseUrl?: string } = {}): ImportResult {
  let value: unknown;
  try {
    value = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch {
    return failure(IMPORT_MESSAGES.unreadable);
  }
  try {
    return validateWorkflowJson(value, options);
  } catch {
    return failure(IMPORT_MESSAGES.notAiNews);
  }
}

/** Chromium and Firefox say application/json; some systems give no type for a .json file. */
function looksLikeJson(file: File): boolean {
  const type = file.type.toLowerCase().split(';')[0].trim();
  return type === 'application/json' || (type === '' && /\.json$/i.test(file.name));
}

/** Reads and checks an uploaded workflow file; never throws, every outcome carries its SPEC §5 German message. */
export async function validateWorkflowFile(file: File, options: { baseUrl?: string } = {}): Promise<ImportResult> {
  try {
    if (!looksLikeJson(file)) return failure(IMPORT_MESSAGES.fileType);
    if (file.size > MAX_WORKFLOW_FILE_BYTES) return failure(IMPORT_MESSAGES.unreadable);
    const bytes = new Uint8Array(await file.arrayBuffer());
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return validateWorkflowText(text, options);
  } catch {
    return failure(IMPORT_MESSAGES.unreadable);
  }
}
