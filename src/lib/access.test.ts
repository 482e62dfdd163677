import { expect, test } from 'vitest';
import { accessOf, operations, roleAllows, ROLES, type OperationId } from '@/contract';
import { accessOfId, allows, deniedReason, ROLE_ORDER } from './access';

test("the zod-free access table is the contract's accessOf for every operation, and no more", () => {
  const ids = Object.keys(operations) as OperationId[];
  const expected = Object.fromEntries(ids.map((id) => [id, accessOf(operations[id])]));
  const table = Object.fromEntries(ids.map((id) => [id, accessOfId(id)]));
  // On a change of the contract: put the entries other than 'Viewer' into src/lib/access.ts.
  expect(table, JSON.stringify(expected, null, 2)).toEqual(expected);
  expect(ROLE_ORDER).toEqual(ROLES);
});

test("allows answers as the contract's roleAllows for every role and access", () => {
  for (const role of ROLES)
    for (const access of new Set(Object.values(operations).map(accessOf)))
      expect(allows(role, access)).toBe(roleAllows(role, access));
});

test('the reason names the roles that may, and the role signed in', () => {
  expect(deniedReason('Viewer', 'Editor')).toBe(
    'Nur für die Rollen Editor und Admin – Sie sind als Viewer angemeldet.',
  );
  expect(deniedReason('Editor', 'Admin')).toBe('Nur für Admin – Sie sind als Editor angemeldet.');
  expect(deniedReason('Viewer', 'Admin')).toBe('Nur für Admin – Sie sind als Viewer angemeldet.');
  expect(deniedReason('Editor', 'Editor')).toBeUndefined();
  expect(deniedReason('Viewer', 'public')).toBeUndefined();
});
