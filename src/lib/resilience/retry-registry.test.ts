import { afterEach, describe, expect, test } from 'vitest';
import { clearRetryables, isRetryableKind, registerRetryable, retryableKinds, runRetryable } from './retry-registry';

afterEach(() => clearRetryables());

describe('retry registry', () => {
  test('runs the function registered for a kind with the recorded args', async () => {
    const seen: unknown[] = [];
    registerRetryable('demo.kind', async (args) => {
      seen.push(args);
      return 'done';
    });
    expect(isRetryableKind('demo.kind')).toBe(true);
    await expect(runRetryable({ kind: 'demo.kind', args: { id: 7 } })).resolves.toBe('done');
    expect(seen).toEqual([{ id: 7 }]);
  });

  test('an unknown kind is rejected with a German message', async () => {
    expect(isRetryableKind('nope')).toBe(false);
    await expect(runRetryable({ kind: 'nope', args: null })).rejects.toThrow('Unbekannte Operation: nope');
  });

  test('lists the registered kinds sorted', () => {
    registerRetryable('b', () => Promise.resolve());
    registerRetryable('a', () => Promise.resolve());
    expect(retryableKinds()).toEqual(['a', 'b']);
  });
});
