// The operator's n8n, as the server drives it: the AI-News webhook (trigger) and the public REST API v1 (executions,
// retry, workflow import and state) with X-N8N-API-KEY. Shapes as n8n 1.123's public-api/v1/openapi.yml documents them.
import * as z from 'zod/mini';
import { HttpError } from '../../http/errors';

export interface N8nSettings {
  baseUrl: string;
  apiKey: string | undefined;
  webhookPath: string;
  timeoutMs?: number;
  fetchImpl?: typeof fetch;
}

const Execution = z.looseObject({
  id: z.union([z.number(), z.string()]),
  finished: z.optional(z.boolean()),
  mode: z.optional(z.string()),
  status: z.optional(z.string()),
  startedAt: z.optional(z.nullable(z.string())),
  stoppedAt: z.optional(z.nullable(z.string())),
  workflowId: z.optional(z.union([z.number(), z.string()])),
  retryOf: z.optional(z.nullable(z.union([z.number(), z.string()]))),
});
export interface N8nExecution {
  id: string;
  status: string;
  mode: string;
  startedAt: string | undefined;
  stoppedAt: string | undefined;
  workflowId: string | undefined;
  retryOf: string | undefined;
}
const Workflow = z.looseObject({
  id: z.union([z.number(), z.string()]),
  name: z.string(),
  active: z.optional(z.boolean()),
});
export interface N8nWorkflow {
  id: string;
  name: string;
  active: boolean;
}
/** The import body: the properties n8n's workflow schema accepts (it refuses read-only and unknown ones). */
export const ImportableWorkflow = z.looseObject({
  name: z.string().check(z.trim(), z.minLength(1)),
  nodes: z.array(z.looseObject({ name: z.string(), type: z.string() })),
  connections: z.record(z.string(), z.unknown()),
  settings: z.optional(z.record(z.string(), z.unknown())),
});
const SETTINGS_KEYS = [
  'saveExecutionProgress',
  'saveManualExecutions',
  'saveDataErrorExecution',
  'saveDataSuccessExecution',
  'executionTimeout',
  'errorWorkflow',
  'timezone',
  'executionOrder',
  'callerPolicy',
  'callerIds',
  'timeSavedPerExecution',
  'availableInMCP',
];

const toExecution = (e: z.infer<typeof Execution>): N8nExecution => ({
  id: String(e.id),
  status: e.status ?? (e.finished ? 'success' : 'unknown'),
  mode: e.mode ?? 'unknown',
  startedAt: e.startedAt ?? undefined,
  stoppedAt: e.stoppedAt ?? undefined,
  workflowId: e.workflowId === undefined ? undefined : String(e.workflowId),
  retryOf: e.retryOf === undefined || e.retryOf === null ? undefined : String(e.retryOf),
});
const toWorkflow = (w: z.infer<typeof Workflow>): N8nWorkflow => ({
  id: String(w.id),
  name: w.name,
  active: w.active === true,
});

/** n8n answered or failed: a 502 with a German reason that names the status, never the key or a body. */
function upstream(what: string, status?: number): HttpError {
  return new HttpError(
    502,
    status ? `n8n antwortet bei ${what} mit HTTP ${status}.` : `n8n ist nicht erreichbar (${what}).`,
    'n8n_failed',
  );
}

/** What the overview says of n8n: reachable with an accepted key, reachable without a (valid) key, or not reachable. */
export type N8nReachability = 'ok' | 'no-key' | 'key-refused' | 'unreachable';
/** How long a reachability answer is reused: the overview is read again on every run event. */
export const N8N_HEALTH_TTL_MS = 10_000;
const HEALTH_TIMEOUT_MS = 3000;

export class N8nClient {
  private readonly fetch: typeof fetch;
  private readonly timeoutMs: number;
  private health: { at: number; answer: Promise<N8nReachability> } | undefined;

  constructor(private readonly settings: N8nSettings) {
    this.fetch = settings.fetchImpl ?? fetch;
    this.timeoutMs = settings.timeoutMs ?? 15_000;
  }

  get baseUrl(): string {
    return this.settings.baseUrl;
  }

  get hasApiKey(): boolean {
    return Boolean(this.settings.apiKey);
  }

  private async send(
    what: string,
    url: string,
    init: { method: string; json?: unknown; api: boolean; timeoutMs?: number },
  ): Promise<Response> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (init.json !== undefined) headers['Content-Type'] = 'application/json';
    if (init.api) {
      if (!this.settings.apiKey) throw new HttpError(503, 'N8N_API_KEY ist nicht konfiguriert.', 'not_configured');
      headers['X-N8N-API-KEY'] = this.settings.apiKey;
    }
    try {
      return await this.fetch(url, {
        method: init.method,
        headers,
        body: init.json === undefined ? undefined : JSON.stringify(init.json),
        signal: AbortSignal.timeout(init.timeoutMs ?? this.timeoutMs),
      });
    } catch {
      throw upstream(what);
    }
  }

  private async api<T extends z.ZodMiniType>(
    what: string,
    pathAndQuery: string,
    schema: T,
    init: { method?: string; json?: unknown; timeoutMs?: number; notFound?: string } = {},
  ): Promise<z.output<T>> {
    const response = await this.send(what, `${this.settings.baseUrl}/api/v1${pathAndQuery}`, {
      method: init.method ?? 'GET',
      json: init.json,
      api: true,
      timeoutMs: init.timeoutMs,
    });
    if (response.status === 404 && init.notFound) throw new HttpError(404, init.notFound, 'not_found');
    if (response.status === 401 || response.status === 403)
      throw new HttpError(502, 'n8n lehnt den API-Schlüssel ab (N8N_API_KEY prüfen).', 'n8n_unauthorized');
    if (!response.ok) throw upstream(what, response.status);
    const parsed = z.safeParse(schema, await response.json().catch(() => undefined));
    if (!parsed.success)
      throw new HttpError(502, `n8n hat bei ${what} eine unerwartete Antwort gegeben.`, 'n8n_failed');
    return parsed.data;
  }

  /**
   * n8n's own GET /healthz, then (with a key) one cheap public-API read (GET /api/v1/workflows?limit=1) to tell a refused
   * key apart; kept for N8N_HEALTH_TTL_MS.
   */
  reachability(now = Date.now()): Promise<N8nReachability> {
    if (this.health && now - this.health.at < N8N_HEALTH_TTL_MS) return this.health.answer;
    const answer = this.probe();
    this.health = { at: now, answer };
    return answer;
  }

  private async probe(): Promise<N8nReachability> {
    try {
      const health = await this.fetch(`${this.settings.baseUrl}/healthz`, {
        signal: AbortSignal.timeout(HEALTH_TIMEOUT_MS),
      });
      await health.body?.cancel();
      if (!health.ok) return 'unreachable';
      if (!this.settings.apiKey) return 'no-key';
      const api = await this.fetch(`${this.settings.baseUrl}/api/v1/workflows?limit=1`, {
        headers: { Accept: 'application/json', 'X-N8N-API-KEY': this.settings.apiKey },
        signal: AbortSignal.timeout(HEALTH_TIMEOUT_MS),
      });
      await api.body?.cancel();
      if (api.status === 401 || api.status === 403) return 'key-refused';
      return api.ok ? 'ok' : 'unreachable';
    } catch {
      return 'unreachable';
    }
  }

  /** POSTs the body to the AI-News production webhook; answers n8n's executionId when the workflow gives one. */
  async trigger(body: Record<string, unknown>): Promise<{ executionId: string | undefined; response: unknown }> {
    const response = await this.send('dem Webhook', `${this.settings.baseUrl}/webhook/${this.settings.webhookPath}`, {
      method: 'POST',
      json: body,
      api: false,
    });
    const answer: unknown = await response.json().catch(() => undefined);
    if (!response.ok) {
      const reason =
        answer && typeof answer === 'object' && 'error' in answer && typeof answer.error === 'string'
          ? `: ${answer.error.slice(0, 200)}`
          : '';
      throw new HttpError(502, `n8n Webhook failed: ${response.status}${reason}`, 'n8n_failed');
    }
    const executionId =
      answer &&
      typeof answer === 'object' &&
      'executionId' in answer &&
      (typeof answer.executionId === 'string' || typeof answer.executionId === 'number')
        ? String(answer.executionId)
        : undefined;
    return { executionId, response: answer };
  }

  /** GET /api/v1/executions?workflowId=…&limit=… (newest first). */
  async executions(query: { workflowId?: string; limit?: number }): Promise<N8nExecution[]> {
    const params = new URLSearchParams();
    if (query.workflowId) params.set('workflowId', query.workflowId);
    params.set('limit', String(query.limit ?? 10));
    const page = await this.api(
      'der Ausführungsliste',
      `/executions?${params}`,
      z.looseObject({ data: z.array(Execution) }),
    );
    return page.data.map(toExecution);
  }

  async execution(id: string): Promise<N8nExecution> {
    return toExecution(
      await this.api('der Ausführung', `/executions/${encodeURIComponent(id)}`, Execution, {
        notFound: `Ausführung ${id} gibt es in n8n nicht.`,
      }),
    );
  }

  /** POST /api/v1/executions/{id}/retry; n8n answers when the retried execution has ended. */
  async retry(id: string): Promise<N8nExecution> {
    return toExecution(
      await this.api('dem Retry', `/executions/${encodeURIComponent(id)}/retry`, Execution, {
        method: 'POST',
        json: { loadWorkflow: true },
        timeoutMs: 120_000,
        notFound: `Ausführung ${id} gibt es in n8n nicht.`,
      }),
    );
  }

  /** POST /api/v1/workflows with the importable part of an exported workflow (n8n refuses id, active, tags, …). */
  async importWorkflow(source: z.infer<typeof ImportableWorkflow>): Promise<N8nWorkflow> {
    const settings = Object.fromEntries(
      Object.entries(source.settings ?? {}).filter(([key]) => SETTINGS_KEYS.includes(key)),
    );
    const body = { name: source.name, nodes: source.nodes, connections: source.connections, settings };
    return toWorkflow(await this.api('dem Import', '/workflows', Workflow, { method: 'POST', json: body }));
  }

  async workflow(id: string): Promise<N8nWorkflow> {
    return toWorkflow(
      await this.api('dem Workflow-Status', `/workflows/${encodeURIComponent(id)}`, Workflow, {
        notFound: `Workflow ${id} gibt es in n8n nicht.`,
      }),
    );
  }

  async activate(id: string): Promise<N8nWorkflow> {
    return toWorkflow(
      await this.api('dem Aktivieren', `/workflows/${encodeURIComponent(id)}/activate`, Workflow, {
        method: 'POST',
        notFound: `Workflow ${id} gibt es in n8n nicht.`,
      }),
    );
  }
}
