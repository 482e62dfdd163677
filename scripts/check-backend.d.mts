export declare function checkBackend(
  baseUrl: string,
  options?: { token?: string; out?: (line: string) => void },
): Promise<{ passed: number; failed: number; skipped: number }>;
