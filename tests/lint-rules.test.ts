// @vitest-environment node
import { execFile } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { ESLint } from 'eslint';
import * as prettier from 'prettier';

const run = promisify(execFile);

// The repository's own lint config, run on samples: markup from a server string must never reach an HTML sink.
const eslint = new ESLint({ cwd: process.cwd() });

async function restricted(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message);
}

test('dangerouslySetInnerHTML fails lint in a screen and in a test', async () => {
  const sample = `export function Title({ html }: { html: string }) {\n  return <h2 dangerouslySetInnerHTML={{ __html: html }} />;\n}\n`;
  expect(await restricted(sample, 'src/features/posts/components/lint-sample.tsx')).toEqual([
    'No dangerouslySetInnerHTML: render strings as text.',
  ]);
  expect(await restricted(sample, 'tests/lint-sample.test.tsx')).toEqual([
    'No dangerouslySetInnerHTML: render strings as text.',
  ]);
});

test('innerHTML, outerHTML, insertAdjacentHTML and document.write fail lint in app code', async () => {
  const sample = [
    'export function show(el: HTMLElement, title: string) {',
    '  el.innerHTML = title;',
    '  el.outerHTML = title;',
    "  el.insertAdjacentHTML('beforeend', title);",
    '  document.write(title);',
    '}',
    '',
  ].join('\n');
  expect(await restricted(sample, 'src/lib/lint-sample.ts')).toHaveLength(4);
});

test('rendering the string as text passes', async () => {
  const sample = `export function Title({ text }: { text: string }) {\n  return <h2>{text}</h2>;\n}\n`;
  expect(await restricted(sample, 'src/features/posts/components/lint-sample.tsx')).toEqual([]);
});

test('a raw <select> and a cast of e.target.value fail lint in a screen, pointing to NativeSelect', async () => {
  const sample = [
    "type Sort = 'newest' | 'oldest';",
    'export function SortPicker({ onSort }: { onSort: (sort: Sort) => void }) {',
    '  return (',
    '    <select onChange={(e) => onSort(e.target.value as Sort)}>',
    '      <option value="newest">Neueste zuerst</option>',
    '    </select>',
    '  );',
    '}',
    '',
  ].join('\n');
  const messages = await restricted(sample, 'src/features/media/components/lint-sample.tsx');
  expect(messages).toHaveLength(2);
  for (const message of messages) expect(message).toContain('NativeSelect');
});

test('NativeSelect with typed options passes, and the component itself may render the <select>', async () => {
  const screen = [
    "import { NativeSelect } from '@/components/ui/native-select';",
    "type Sort = 'newest' | 'oldest';",
    'export function SortPicker({ sort, onSort }: { sort: Sort; onSort: (sort: Sort) => void }) {',
    "  return <NativeSelect value={sort} onValueChange={onSort} options={[{ value: 'newest', label: 'Neu' }]} />;",
    '}',
    '',
  ].join('\n');
  expect(await restricted(screen, 'src/features/media/components/lint-sample.tsx')).toEqual([]);
  const component = await readFile('src/components/ui/native-select.tsx', 'utf8');
  expect(await restricted(component, 'src/components/ui/native-select.tsx')).toEqual([]);
});

test('an import cycle fails lint', async () => {
  const dir = await mkdtemp(path.join(process.cwd(), 'tests', 'lint-cycle-'));
  try {
    await writeFile(path.join(dir, 'a.ts'), "import { b } from './b';\nexport const a = () => b();\n");
    await writeFile(path.join(dir, 'b.ts'), "import { a } from './a';\nexport const b = (): unknown => a;\n");
    const [result] = await eslint.lintFiles([path.join(dir, 'a.ts')]);
    expect(result.messages.filter((m) => m.ruleId === 'import-x/no-cycle')).toHaveLength(1);
    await writeFile(path.join(dir, 'b.ts'), 'export const b = (): unknown => 1;\n');
    const [clean] = await new ESLint({ cwd: process.cwd() }).lintFiles([path.join(dir, 'a.ts')]);
    expect(clean.messages.filter((m) => m.ruleId === 'import-x/no-cycle')).toEqual([]);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('code not in the house format fails npm run lint (prettier --check), formatted code passes', async () => {
  const filepath = path.join(process.cwd(), 'src/lib/lint-sample.ts');
  const options = { ...(await prettier.resolveConfig(filepath)), filepath };
  expect(await prettier.check('export const x = {a:1,b:"zwei"}\n', options)).toBe(false);
  expect(await prettier.check("export const x = { a: 1, b: 'zwei' };\n", options)).toBe(true);
  const long = `export const line = [${Array.from({ length: 30 }, (_, i) => `'wert-${i}'`).join(', ')}];\n`;
  expect(await prettier.check(long, options)).toBe(false);
  const scripts = JSON.parse(await readFile('package.json', 'utf8')) as { scripts: Record<string, string> };
  expect(scripts.scripts.lint).toContain('prettier --check');
});

test('an unused export fails the dead-code check of npm run lint (knip), and passes once it is gone', async () => {
  // A fixture project outside the work tree under the repository's own knip.jsonc: the planted file disturbs no other run.
  const dir = await mkdtemp(path.join(os.tmpdir(), 'lint-knip-'));
  const knip = () =>
    run(process.execPath, [path.resolve('node_modules/knip/bin/knip.js'), '--directory', dir, '--reporter', 'json'])
      .then(({ stdout }) => ({ code: 0, stdout }))
      .catch((error: { code: number; stdout: string }) => ({ code: error.code, stdout: error.stdout }));
  const unusedExports = (stdout: string) =>
    (JSON.parse(stdout) as { issues: Array<{ file: string; exports: Array<{ name: string }> }> }).issues.flatMap(
      (issue) => issue.exports.map((e) => `${issue.file}: ${e.name}`),
    );
  try {
    await copyFile('knip.jsonc', path.join(dir, 'knip.jsonc'));
    await writeFile(
      path.join(dir, 'package.json'),
      '{ "name": "lint-knip-sample", "private": true, "type": "module" }\n',
    );
    await mkdir(path.join(dir, 'scripts', 'dev', 'sample'), { recursive: true });
    await writeFile(
      path.join(dir, 'scripts', 'dev', 'sample.ts'),
      "import { used } from './sample/lib';\nconsole.log(used());\n",
    );
    await writeFile(
      path.join(dir, 'scripts', 'dev', 'sample', 'lib.ts'),
      'export const used = () => 1;\nexport const unused = () => 2;\n',
    );
    const planted = await knip();
    expect(unusedExports(planted.stdout)).toEqual(['scripts/dev/sample/lib.ts: unused']);
    expect(planted.code).toBe(1);
    await writeFile(path.join(dir, 'scripts', 'dev', 'sample', 'lib.ts'), 'export const used = () => 1;\n');
    const clean = await knip();
    expect(unusedExports(clean.stdout)).toEqual([]);
    expect(clean.code).toBe(0);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  const scripts = JSON.parse(await readFile('package.json', 'utf8')) as { scripts: Record<string, string> };
  expect(scripts.scripts.lint).toMatch(/&& knip\b/);
}, 60_000);

test('a mis-named or misplaced screen file fails lint; the layout of src/features/README.md passes', async () => {
  const lint = async (filePath: string, code = 'export const value = 1;\n') => {
    const [result] = await eslint.lintText(code, { filePath });
    return result.messages
      .filter((m) => m.ruleId?.startsWith('check-file/') || m.ruleId === 'newsdesk/feature-folders')
      .map((m) => m.ruleId);
  };
  // An api file is named <verb>-<noun>.
  expect(await lint('src/features/posts/api/posts.ts')).toEqual(['check-file/filename-naming-convention']);
  expect(await lint('src/features/posts/api/get-posts.ts')).toEqual([]);
  // components/ holds components; lib/ holds pure logic without JSX.
  expect(await lint('src/features/posts/components/styles.ts')).toEqual(['check-file/filename-blocklist']);
  expect(await lint('src/features/live/lib/two-lines.tsx', 'export const Two = () => null;\n')).toEqual([
    'check-file/filename-blocklist',
  ]);
  expect(await lint('src/features/live/lib/two-lines.ts')).toEqual([]);
  // Hooks are hooks/use-*.ts.
  expect(await lint('src/features/workflow/hooks/runtime.ts')).toEqual(['check-file/filename-naming-convention']);
  expect(await lint('src/features/workflow/hooks/use-runtime.ts')).toEqual([]);
  // At a screen's root only index.ts and messages.ts.
  expect(await lint('src/features/social/badge.ts')).toEqual(['check-file/filename-naming-convention']);
  expect(await lint('src/features/social/messages.ts')).toEqual([]);
  // No other subfolder.
  expect(await lint('src/features/media/utils/format.ts')).toEqual(['newsdesk/feature-folders']);
});
