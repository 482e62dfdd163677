import { HttpHandler } from 'msw';
import { colonPath, fillPath, isSchema, operations, type OperationDef, type OperationId } from '@/contract';
import { handlers } from './handlers';
import { obsSim } from './store/obs';
import { socialStore } from './store/social';
import { createToken } from './store/tokens';
import { addUser } from './store/users';

const BASE = 'http://localhost:3000/api';

/** Node's own FormData and File: jsdom's are not understood by msw's interceptors (see spec-calls.test.ts). */
async function nodeMultipart() {
  const NodeFormData = (
    await new Response('a=1', { headers: { 'content-type': 'application/x-www-form-urlencoded' } }).formData()
  ).constructor as typeof FormData;
  const { File: NodeFile } = await import('node:buffer');
  return { NodeFormData, NodeFile };
}

/** What some operations need besides their example: a key header, a state the example assumes. */
const HEADERS: Partial<Record<OperationId, Record<string, string>>> = {
  'test.openai': { Authorization: 'Bearer k-test' },
  'test.service': { 'xi-api-key': 'k-test' },
};
const connect = (platform: 'tiktok' | 'instagram') => async () => {
  socialStore.setConnected(platform, true);
};
const BEFORE: Partial<Record<OperationId, () => Promise<void>>> = {
  // The examples name ids no sample has (a server run answers them 404); here they are made to exist first.
  'users.delete': async () => {
    addUser({ name: 'Probe', email: 'probe@example.org', role: 'Viewer' }, 'user-unbekannt');
  },
  'tokens.delete': async () => {
    createToken('Probe', 'user-admin', 'token-unbekannt');
  },
  'social.tiktokPost': connect('tiktok'),
  'social.instagramPost': connect('instagram'),
  'social.retry': async () => {
    socialStore.recordFailed({
      id: 'sp-1',
      postId: 'sp-1',
      platform: 'tiktok',
      content: 'Neue Folge ist online!',
      error: 'TikTok hat den Post abgelehnt.',
    });
  },
  'obs.streamStop': async () => {
    obsSim.startStream();
    await vi.waitFor(() => expect(obsSim.streaming()).toBe(true), { timeout: 5000, interval: 20 });
  },
  'workflow.n8nStatus': async () => {
    // The example's id is the first upload of a session.
    const { NodeFormData, NodeFile } = await nodeMultipart();
    const form = new NodeFormData();
    form.append(
      'workflow',
      new NodeFile(['{"name":"Probe","nodes":[],"connections":{}}'], 'wf.json', {
        type: 'application/json',
      }) as unknown as Blob,
      'wf.json',
    );
    const res = await fetch(`${BASE}/workflow/upload`, { method: 'POST', body: form });
    expect(res.ok).toBe(true);
  },
};

const FILE_TYPES: Record<string, string> = {
  'video/*,audio/*,image/*': 'image/png',
  'application/json': 'application/json',
};

async function requestOf(id: OperationId, def: OperationDef): Promise<Request> {
  const example = def.example ?? {};
  const url = new URL(`${BASE}${fillPath(def.path, example.params)}`);
  for (const [k, v] of Object.entries(example.query ?? {})) url.searchParams.set(k, String(v));
  const headers = new Headers(HEADERS[id]);
  let body: BodyInit | undefined;
  if (def.body && !isSchema(def.body)) {
    const { NodeFormData, NodeFile } = await nodeMultipart();
    const form = new NodeFormData();
    const values = (example.body ?? {}) as Record<string, unknown>;
    for (const [name, field] of Object.entries(def.body.fields)) {
      if (field.type === 'file') {
        const type = FILE_TYPES[field.accept ?? ''] ?? 'application/octet-stream';
        form.append(
          name,
          new NodeFile(
            [type === 'application/json' ? '{"name":"Probe","nodes":[],"connections":{}}' : 'x'],
            `probe.${type.split('/')[1]}`,
            {
              type,
            },
          ) as unknown as Blob,
          `probe.${type.split('/')[1]}`,
        );
      } else if (values[name] !== undefined) {
        form.append(name, JSON.stringify(values[name]));
      }
    }
    body = form;
  } else if (example.body !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(example.body);
  }
  return new Request(url, { method: def.method, headers, body });
}

const ids = Object.keys(operations) as OperationId[];

describe('every operation of the contract, answered by the mock handlers', () => {
  test.each(ids)('%s: the example request gets the success status and an answer its schema accepts', async (id) => {
    const def: OperationDef = operations[id];
    await BEFORE[id]?.();
    const response = await fetch(await requestOf(id, def));
    const text = response.status === def.status ? '' : await response.clone().text();
    expect(`${response.status} ${text}`).toBe(`${def.status} `);
    if (isSchema(def.response)) {
      const parsed = def.response.safeParse(await response.json());
      expect(parsed.success ? [] : parsed.error.issues).toEqual([]);
    } else if (def.response.kind === 'binary') {
      expect(response.headers.get('content-type')).toMatch(new RegExp(`^${def.response.contentType.replace('*', '')}`));
      expect((await response.arrayBuffer()).byteLength).toBeGreaterThan(0);
    } else {
      expect(await response.text()).toBe('');
    }
  });

  test('a handler that answers outside its schema is caught (the check above can fail)', async () => {
    const def = operations['posts.list'];
    const parsed =
      isSchema(def.response) &&
      def.response.safeParse([
        {
          id: 'p',
          title: 'T',
          status: 'draft',
          platform: 'youtube',
          views: '12',
          engagement: 1,
          publishDate: '',
          category: '',
        },
      ]);
    expect(parsed && parsed.success).toBe(false);
  });
});

describe('the table and the handler list agree', () => {
  // Handlers deliberately outside the contract: the benchmark seeders and the test helper that counts sent posts.
  const NOT_IN_CONTRACT = [/^\/__mock\//, /^\/social\/sent$/];
  const apiHandlers = handlers
    .filter((h): h is HttpHandler => h instanceof HttpHandler)
    .map((h) => ({ method: String(h.info.method), path: String(h.info.path) }))
    .filter((h) => h.path.startsWith('*/api/'))
    .map((h) => ({ method: h.method, path: h.path.slice('*/api'.length) }));

  test('every operation has a handler with its method and path', () => {
    const missing = ids.filter(
      (id) => !apiHandlers.some((h) => h.method === operations[id].method && h.path === colonPath(operations[id].path)),
    );
    expect(missing).toEqual([]);
  });

  test('every /api handler is an operation of the contract, or a named helper outside it', () => {
    const extra = apiHandlers.filter(
      (h) =>
        !ids.some((id) => operations[id].method === h.method && colonPath(operations[id].path) === h.path) &&
        !NOT_IN_CONTRACT.some((re) => re.test(h.path)),
    );
    expect(extra).toEqual([]);
    expect(
      apiHandlers
        .filter((h) => NOT_IN_CONTRACT.some((re) => re.test(h.path)))
        .map((h) => `${h.method} ${h.path}`)
        .sort(),
    ).toEqual(['GET /social/sent', 'POST /__mock/media/seed', 'POST /__mock/news/seed', 'POST /__mock/posts/seed']);
  });
});
