/** Re-runs one failed operation recorded in the error log ({kind, args}); resolves when it succeeds. */
export type RetryableFn = (args: unknown) => Promise<unknown>;

const registry = new Map<string, RetryableFn>();

/** Registers how an operation kind (e.g. 'news.publish') is re-run from the error log. */
export function registerRetryable(kind: string, fn: RetryableFn): void {
  registry.set(kind, fn);
}

/** Whether Retry knows how to re-run this kind. */
export function isRetryableKind(kind: string): boolean {
  return registry.has(kind);
}

/** The registered kinds (sorted). */
export function retryableKinds(): string[] {
  return [...registry.keys()].sort();
}

/** Re-runs a recorded operation; throws 'Unbekannte Operation: {kind}' when its kind is not registered. */
export function runRetryable(operation: { kind: string; args: unknown }): Promise<unknown> {
  const fn = registry.get(operation.kind);
  if (!fn) return Promise.reject(new Error(`Unbekannte Operation: ${operation.kind}`));
  return fn(operation.args);
}

/** Forgets every registration (tests). */
export function clearRetryables(): void {
  registry.clear();
}
