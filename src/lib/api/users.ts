import { callApi } from './client';
import type { NewUser } from '@/contract';

/** GET /users */
export const listUsers = (signal?: AbortSignal) => callApi('users.list', { signal });
/** POST /users */
export const createUser = (user: NewUser) => callApi('users.create', { body: user });
