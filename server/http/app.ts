// The web app: request log, security headers, CORS allow-list, bearer auth, the contract's routes, events, the PWA.
import { getConnInfo } from '@hono/node-server/conninfo';
import { Hono, type Context } from 'hono';
import { compress } from 'hono/compress';
import { cors } from 'hono/cors';
import { streamSSE } from 'hono/streaming';
import type { BlockList } from 'node:net';
import {
  accessOf,
  isRole,
  operations,
  type HttpMethod,
  type OperationAccess,
  type OperationDef,
} from '../../src/contract';
import { authenticate, forwardedClient } from './auth';
import type { AppEnv, Deps } from '../context';
import { errorResponse, HttpError } from './errors';
import { checkTicket, issueTicket } from '../data/events';
import { holderMayRead, streamHolderOf } from '../identity/identity';
import { buildOpenApiDocument } from './openapi';
import { registerDashboard } from '../routes/dashboard/dashboard.handlers';
import { registerLive } from '../routes/live/live.handlers';
import { registerMedia, serveMediaFile } from '../routes/media/media.handlers';
import { registerNews } from '../routes/news/news.handlers';
import { registerPublicChannel } from '../routes/news/public.handlers';
import { registerPosts } from '../routes/posts/posts.handlers';
import { registerKeys } from '../routes/keys/keys.handlers';
import { registerServices } from '../routes/services/services.handlers';
import { registerSocial } from '../routes/social/social.handlers';
import { registerUsers } from '../routes/users/users.handlers';
import { registerSession } from '../routes/session/session.handlers';
import { registerTokens } from '../routes/tokens/tokens.handlers';
import { registerAudit } from '../routes/audit/audit.handlers';
import { registerVideo } from '../routes/video/video.handlers';
import { registerWorkflow } from '../routes/workflow/workflow.handlers';
import { registerSources } from '../routes/sources/sources.handlers';
import { servePwa } from './static';
import { SECURITY_HEADERS } from '../../scripts/build/csp';

export interface AppOptions {
  /** Origins (scheme://host[:port]) other than the serving one that may call /api from a browser. */
  allowedOrigins?: string[];
  /** The build folder of the PWA; without it only /api is served. */
  distDir?: string;
  authMaxFailures?: number;
  authWindowMs?: number;
  /** Proxies whose X-Forwarded-For names the client (NEWSDESK_TRUSTED_PROXIES); none: the socket's peer is the client. */
  trustedProxies?: BlockList;
  /** Log one line per request (method, path, status, time; never headers or query). */
  log?: boolean;
  /** Keep-alive comment interval of the event stream. */
  heartbeatMs?: number;
  /** Open event streams this instance serves at most; more get 503 and try again later. */
  maxEventClients?: number;
  /** Events waiting for one slow stream at most; past it the stream ends and the console resyncs. */
  maxEventQueue?: number;
}

/** Routes beside the contract's operations, each with its access: uptime, events, signed files, the OAuth redirect. */
const SERVER_ROUTES: ReadonlyArray<{ method: HttpMethod; path: string; access: OperationAccess }> = [
  { method: 'GET', path: '/healthz', access: 'public' },
  { method: 'GET', path: '/events', access: 'signed' },
  { method: 'GET', path: '/media/{id}/file', access: 'signed' },
  { method: 'GET', path: '/video/{provider}/file/{id}', access: 'signed' },
  { method: 'GET', path: '/oauth/{platform}/callback', access: 'public' },
];

const pathPattern = (path: string) => new RegExp(`^/api${path.replace(/\{\w+\}/g, '[^/]+')}$`);

/** Every route reached without the operator's token, from the operations' and the server routes' `access` alone. */
const OPEN_ROUTES = [
  ...Object.values(operations as Record<string, OperationDef>)
    .filter((def) => !isRole(accessOf(def)))
    .map((def) => ({ method: def.method, path: def.path })),
  ...SERVER_ROUTES.filter((route) => !isRole(route.access)),
].map((route) => ({
  methods: route.method === 'GET' ? ['GET', 'HEAD'] : [route.method],
  pattern: pathPattern(route.path),
}));

const isOpen = (path: string, method: string) =>
  OPEN_ROUTES.some((route) => route.methods.includes(method) && route.pattern.test(path));

function peerAddress(c: Context<AppEnv>): string {
  try {
    return getConnInfo(c as unknown as Parameters<typeof getConnInfo>[0]).remote.address ?? 'unknown';
  } catch {
    // app.request() in tests has no socket.
    return c.req.header('x-test-client') ?? 'local';
  }
}

// How often an open event stream asks again whether its holder may still read, while events flow.
const HOLDER_CHECK_MS = 5_000;

/** Creates the app around its dependencies (database, events, token). */
export function createApp(deps: Deps, options: AppOptions = {}): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  // Lists of thousands of rows and the build's scripts go out gzipped; the event stream, byte ranges and media do not.
  app.use('*', compress());
  const allowed = new Set(options.allowedOrigins ?? []);

  app.use('*', async (c, next) => {
    c.set('deps', deps);
    const started = performance.now();
    await next();
    // The build's list of security headers (scripts/build/csp.ts), so a static host and this server send the same.
    for (const [name, value] of Object.entries(SECURITY_HEADERS))
      if (name !== 'Strict-Transport-Security') c.header(name, value);
    const proto = c.req.header('x-forwarded-proto') ?? new URL(c.req.url).protocol.replace(':', '');
    if (proto === 'https') c.header('Strict-Transport-Security', SECURITY_HEADERS['Strict-Transport-Security']);
    if (options.log)
      console.log(`${c.req.method} ${c.req.path} ${c.res.status} ${(performance.now() - started).toFixed(1)}ms`);
  });

  app.use(
    '/api/*',
    cors({
      origin: (origin, c) => (allowed.has(origin) || origin === new URL(c.req.url).origin ? origin : null),
      allowHeaders: ['Authorization', 'Content-Type', 'Idempotency-Key', 'X-Newsdesk-Token', 'X-Newsdesk-Csrf'],
      allowMethods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
      exposeHeaders: ['X-Total-Count', 'Idempotent-Replayed', 'Retry-After'],
      maxAge: 600,
    }),
  );

  app.use(
    '/api/*',
    authenticate({
      maxFailures: options.authMaxFailures ?? 10,
      windowMs: options.authWindowMs ?? 60_000,
      isOpen,
      clientAddress: (c) => forwardedClient(peerAddress(c), c.req.header('x-forwarded-for'), options.trustedProxies),
    }),
  );

  app.get('/api/healthz', (c) => c.json({ ok: true, database: deps.database.kind }));
  app.get('/api/openapi.json', (c) => c.json(buildOpenApiDocument()));

  app.post('/api/events/ticket', (c) => c.json(issueTicket(deps.signer, streamHolderOf(c.get('actor'))), 201));
  let eventClients = 0;
  app.get('/api/events', (c) => {
    const holder = checkTicket(deps.signer, c.req.query('ticket'));
    if (!holder) throw new HttpError(401, 'Ticket für den Ereignis-Stream ungültig oder abgelaufen.', 'invalid_ticket');
    if (eventClients >= (options.maxEventClients ?? 200))
      throw new HttpError(
        503,
        'Zu viele offene Ereignis-Streams – bitte später erneut versuchen.',
        'too_many_streams',
        undefined,
        { 'Retry-After': '30' },
      );
    eventClients += 1;
    const maxQueue = options.maxEventQueue ?? 500;
    c.header('Cache-Control', 'no-cache, no-transform');
    c.header('X-Accel-Buffering', 'no');
    return streamSSE(c, async (stream) => {
      const queue: Array<{ event: 'change' | 'obs' | 'resync'; data: string }> = [];
      let wake: (() => void) | undefined;
      let open = true;
      const push = (item: { event: 'change' | 'obs' | 'resync'; data: string }) => {
        if (!open) return;
        // A client that does not keep up is let go: it reconnects and refetches, rather than the server hoarding for it.
        if (queue.length >= maxQueue) {
          queue.length = 0;
          stream.abort();
          return;
        }
        queue.push(item);
        wake?.();
      };
      // The holder is asked again at most every few seconds while events flow, at each heartbeat, and at once when their
      // user changes: a disabled user's or an ended session's stream ends, and the console must sign in again.
      const holderUser = holder === 'desk' ? undefined : holder.split(':')[1];
      let checkedAt = Date.now();
      const unsubscribe = deps.events.subscribe((event) => {
        if (event.topic === 'users' && event.id === holderUser) checkedAt = 0;
        push({ event: 'change', data: JSON.stringify(event) });
      });
      const unsubscribeObs = deps.events.subscribeObs((event) => push({ event: 'obs', data: JSON.stringify(event) }));
      const unsubscribeResync = deps.events.onResync(() => push({ event: 'resync', data: '{}' }));
      stream.onAbort(() => {
        if (!open) return;
        open = false;
        eventClients -= 1;
        unsubscribe();
        unsubscribeObs();
        unsubscribeResync();
        wake?.();
      });
      await stream.writeSSE({ event: 'ready', data: '{}' });
      const mayRead = async (force: boolean): Promise<boolean> => {
        if (!force && Date.now() - checkedAt < HOLDER_CHECK_MS) return true;
        checkedAt = Date.now();
        // Unanswered (the database is away): the stream ends, and the console's reconnect asks for a ticket again.
        return holderMayRead(deps.database, holder).catch(() => false);
      };
      while (open) {
        if (queue.length && !(await mayRead(false))) break;
        while (queue.length) await stream.writeSSE(queue.shift() as { event: string; data: string });
        const beat = await new Promise<boolean>((resolve) => {
          const timer = setTimeout(() => resolve(true), options.heartbeatMs ?? 25_000);
          wake = () => {
            clearTimeout(timer);
            resolve(false);
          };
        });
        wake = undefined;
        if (beat && open && !(await mayRead(true))) break;
        if (open && queue.length === 0) await stream.write(': keep-alive\n\n');
      }
      if (open) stream.abort();
    });
  });

  registerDashboard(app);
  registerPosts(app);
  registerNews(app);
  registerMedia(app);
  app.get('/api/media/:id/file', serveMediaFile);
  registerUsers(app);
  registerSession(app);
  registerTokens(app);
  registerAudit(app);
  registerSocial(app);
  registerLive(app);
  registerVideo(app);
  registerWorkflow(app);
  registerSources(app);
  registerServices(app);
  registerKeys(app);

  app.all('/api/*', () => {
    throw new HttpError(404, 'Diese Schnittstelle gibt es nicht.', 'unknown_path');
  });

  // The desk's own channel: public, outside /api, answered before the app's SPA fallback could claim its addresses.
  registerPublicChannel(app);
  if (options.distDir) servePwa(app, options.distDir);

  app.onError((error, c) => {
    if (error instanceof HttpError) {
      const response = errorResponse(error);
      for (const [name, value] of c.res.headers)
        if (!response.headers.has(name) && name.toLowerCase().startsWith('access-control-'))
          response.headers.set(name, value);
      return response;
    }
    console.error(`[${c.req.method} ${c.req.path}]`, error);
    return errorResponse(new HttpError(500, 'Interner Serverfehler.', 'internal'));
  });

  return app;
}
