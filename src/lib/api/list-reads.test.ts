import { expect, test } from 'vitest';
import { fillPath, listItem, operations, type OperationId } from '@/contract';
import { fillListPath, LIST_READS } from './list-reads';

test("the zod-free list reads are exactly the contract's GETs with a list answer, by the same path", () => {
  const ids = Object.keys(operations) as OperationId[];
  const expected = Object.fromEntries(
    ids
      .filter((id) => operations[id].method === 'GET' && listItem(operations[id].response) !== undefined)
      .map((id) => [id, operations[id].path]),
  );
  // On a change of the contract: copy this table into src/lib/api/list-reads.ts.
  expect(LIST_READS, JSON.stringify(expected, null, 2)).toEqual(expected);
  for (const id of Object.keys(LIST_READS) as OperationId[]) expect(operations[id].idempotency).toBe('natural');
});

test('the path is filled as the contract fills it', () => {
  expect(fillListPath('/video/{provider}/avatars', { provider: 'hey gen/ä' })).toBe(
    '/video/hey%20gen%2F%C3%A4/avatars',
  );
  expect(fillListPath('/video/{provider}/avatars', { provider: 'hey gen/ä' })).toBe(
    fillPath('/video/{provider}/avatars', { provider: 'hey gen/ä' }),
  );
  expect(() => fillListPath('/workflow/logs/{id}', {})).toThrow('Missing path parameter id for /workflow/logs/{id}');
});
