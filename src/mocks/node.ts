import { setupServer } from 'msw/node';
import { handlers } from './handlers';

/** MSW's Node server over the same handlers the browser uses. */
export const server = setupServer(...handlers);
