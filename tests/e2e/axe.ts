import AxeBuilder from '@axe-core/playwright';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import type { AxeResults } from 'axe-core';

/**
 * The serious and critical axe violations on the page, as "rule: targets" lines (empty when clean).
 * Legacy mode runs axe in the page itself: the app has no cross-origin frames, and the default mode's
 * extra blank page for finishRun made each check take 5–9 s instead of 2–3 s on a 2-core machine.
 */
export async function seriousViolations(
  page: Page,
  scope: { include?: string; exclude?: string; iframes?: boolean } = {},
): Promise<string[]> {
  // iframes: false checks the frame elements (titles) but not the documents inside them; axe goes into the
  // top document only (AxeBuilder would first load itself into every frame, which takes long with many).
  if (scope.iframes === false) return topDocumentViolations(page);
  let builder = new AxeBuilder({ page }).setLegacyMode(true);
  if (scope.include) builder = builder.include(scope.include);
  if (scope.exclude) builder = builder.exclude(scope.exclude);
  const results = await builder.analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

async function topDocumentViolations(page: Page): Promise<string[]> {
  // Evaluated, not added as a <script> tag: the page's CSP refuses inline scripts it has no hash for.
  await page.evaluate(readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8'));
  const results = await page.evaluate(() =>
    (window as unknown as { axe: { run: (ctx: Document, options: object) => Promise<AxeResults> } }).axe.run(document, {
      iframes: false,
    }),
  );
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Every axe violation on the page, of any impact (Lighthouse's accessibility score counts the moderate ones too). */
export async function allViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).setLegacyMode(true).analyze();
  return results.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
