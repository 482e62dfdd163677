// @vitest-environment node
import path from 'node:path';
import { ESLint } from 'eslint';

const root = path.resolve(import.meta.dirname, '..');

test('lint lets src/contract import only zod/mini and its own files', async () => {
  const eslint = new ESLint({ cwd: root });
  const sample = [
    "import * as z from 'zod/mini';", // 1 allowed
    "import { Post } from './entities';", // 2 allowed
    "import { z as classic } from 'zod';", // 3 classic zod: too big for the browser
    "import { apiRequest } from '@/lib/api/client';", // 4 the app
    "import { http } from 'msw';", // 5 the mocks' library
    "import { readFile } from 'node:fs/promises';", // 6 Node only
    "import type { Db } from '../db';", // 7 outside the contract, even as a type
    'export const used = [z, Post, classic, apiRequest, http, readFile] as const;',
    'export type Used = Db;',
    '',
  ].join('\n');
  const [result] = await eslint.lintText(sample, { filePath: path.join(root, 'src/contract/sample.ts') });
  const flagged = result.messages.filter((m) => m.ruleId === 'no-restricted-imports');
  expect(flagged.map((m) => m.line)).toEqual([3, 4, 5, 6, 7]);
  expect(flagged[0].message).toContain('src/contract imports only zod/mini and its own files');

  // The same imports outside src/contract are not this rule's business.
  const [elsewhere] = await eslint.lintText(sample, { filePath: path.join(root, 'src/lib/sample.ts') });
  expect(elsewhere.messages.filter((m) => m.ruleId === 'no-restricted-imports')).toEqual([]);
});
