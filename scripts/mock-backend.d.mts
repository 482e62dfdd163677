import type { Server } from 'node:http';

export interface BackendRequest {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
}

export declare function startMockBackend(port: number, options?: { token?: string }): Promise<{ server: Server; apiBaseUrl: string; requests: BackendRequest[]; close: () => Promise<void> }>;
