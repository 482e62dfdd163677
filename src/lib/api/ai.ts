import { apiRequest } from './client';

/** POST /ai/prompt {type, parameters} */
export const generatePrompt = (type: string, parameters: Record<string, unknown>) =>
  apiRequest<{ text: string }>('/ai/prompt', { method: 'POST', json: { type, parameters } });
