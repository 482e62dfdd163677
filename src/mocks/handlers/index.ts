import type { AnyHandler } from '../types';
import { aiHandlers } from './ai';
import { auditHandlers } from './audit';
import { healthHandlers } from './health';
import { keysHandlers } from './keys';
import { mediaHandlers } from './media';
import { newsHandlers } from './news';
import { obsHandlers } from './obs';
import { overviewHandlers } from './overview';
import { postsHandlers } from './posts';
import { sessionHandlers } from './session';
import { socialHandlers } from './social';
import { sourcesHandlers } from './sources';
import { telegramHandlers } from './telegram';
import { testHandlers } from './test';
import { tokensHandlers } from './tokens';
import { ttsHandlers } from './tts';
import { usersHandlers } from './users';
import { videoHandlers } from './video';
import { webhooksHandlers } from './webhooks';
import { workflowHandlers } from './workflow';

/** Every happy-path handler: one list for the browser demo, Node tests and fixture mode. */
export const handlers: AnyHandler[] = [
  ...overviewHandlers,
  ...newsHandlers,
  ...postsHandlers,
  ...workflowHandlers,
  ...sourcesHandlers,
  ...mediaHandlers,
  ...socialHandlers,
  ...obsHandlers,
  ...telegramHandlers,
  ...keysHandlers,
  ...aiHandlers,
  ...videoHandlers,
  ...ttsHandlers,
  ...testHandlers,
  ...healthHandlers,
  ...usersHandlers,
  ...sessionHandlers,
  ...tokensHandlers,
  ...auditHandlers,
  ...webhooksHandlers,
];
