import { apiRequest } from './client';
import type { User } from './types';

/** GET /users */
export const listUsers = (signal?: AbortSignal) => apiRequest<User[]>('/users', { signal });
/** POST /users */
export const createUser = (user: Omit<User, 'id' | 'access'>) => apiRequest<User>('/users', { method: 'POST', json: user });
