// @vitest-environment node
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ESLint } from 'eslint';
import * as prettier from 'prettier';

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
