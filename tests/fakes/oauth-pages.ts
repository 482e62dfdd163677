// The platforms' authorise pages, faked: the operator "agrees" at once and the page redirects to redirect_uri with a
// code and the state (RFC 6749 §4.1.2), or with error=access_denied when the fake is told to refuse.
import type { LoggedRequest, Reply } from './social-fake-http';

export interface AuthorizeOptions {
  clientParam: 'client_id' | 'client_key';
  clientId: string;
  /** Codes handed out, each good for one token exchange. */
  codes: Set<string>;
  refuse?: () => boolean;
}

export function authorizePage(req: LoggedRequest, options: AuthorizeOptions): Reply {
  const q = req.query;
  const redirect = q.get('redirect_uri');
  if (req.method !== 'GET' || !redirect)
    return { status: 400, body: { error: 'invalid_request', error_description: 'redirect_uri fehlt' } };
  if (q.get(options.clientParam) !== options.clientId)
    return { status: 400, body: { error: 'invalid_client', error_description: `unknown ${options.clientParam}` } };
  if (q.get('response_type') !== 'code' || !q.get('state') || !q.get('scope'))
    return {
      status: 400,
      body: { error: 'invalid_request', error_description: 'response_type=code, scope and state are required' },
    };
  const target = new URL(redirect);
  if (options.refuse?.()) {
    target.searchParams.set('error', 'access_denied');
  } else {
    const code = `code-${Math.random().toString(36).slice(2)}`;
    options.codes.add(code);
    target.searchParams.set('code', code);
  }
  target.searchParams.set('state', q.get('state') ?? '');
  return { status: 302, headers: { Location: target.toString() } };
}
