import { callApi } from './client';

/** POST /ai/prompt {type, parameters} */
export const generatePrompt = (type: string, parameters: Record<string, unknown>) =>
  callApi('ai.prompt', { body: { type, parameters } });
