// @vitest-environment node
import { ESLint } from 'eslint';

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
