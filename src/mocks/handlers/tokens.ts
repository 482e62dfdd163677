import { errorResponse, handle } from '../contract-handler';
import { recordAudit } from '../store/audit';
import * as store from '../store/tokens';
import type { AnyHandler } from '../types';

// The demo is always signed in as its administrator, so every token is theirs.
const DEMO_USER = 'user-admin';

/** Personal API tokens: list (no secrets), create (the secret once), revoke (404 when unknown). */
export const tokensHandlers: AnyHandler[] = [
  handle('tokens.list', () => store.listTokens()),
  handle('tokens.create', ({ body }) => {
    const created = store.createToken(body.name, DEMO_USER);
    recordAudit({
      action: 'tokens.create',
      targetId: created.token.id,
      summary: `API-Token „${body.name}“ erstellt`,
      status: 201,
    });
    return created;
  }),
  handle('tokens.delete', ({ params }) => {
    const token = store.listTokens().find((t) => t.id === params.id);
    if (!token || !store.removeToken(params.id)) return errorResponse(404, 'Diesen API-Token gibt es nicht.');
    recordAudit({
      action: 'tokens.delete',
      targetId: token.id,
      summary: `API-Token „${token.name}“ widerrufen`,
      status: 204,
    });
    return undefined;
  }),
];
