import type { Server } from 'node:http';

export interface BackendRequest {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
}

export interface MockBackendOptions {
  /** Changes a JSON answer before it is sent (a backend that drifts from the contract, for tests). */
  patchJson?: (method: string, pathname: string, json: unknown) => unknown;
  /** Answers 401 to any call without `Authorization: Bearer <token>`. */
  token?: string;
}

export declare function startMockBackend(
  port: number,
  options?: MockBackendOptions,
): Promise<{ server: Server; apiBaseUrl: string; requests: BackendRequest[]; close: () => Promise<void> }>;
