import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * The serious and critical axe violations on the page, as "rule: targets" lines (empty when clean).
 * Legacy mode runs axe in the page itself: the app has no cross-origin frames, and the default mode's
 * extra blank page for finishRun made each check take 5–9 s instead of 2–3 s on a 2-core machine.
 */
export async function seriousViolations(page: Page, scope: { include?: string; exclude?: string } = {}): Promise<string[]> {
  let builder = new AxeBuilder({ page }).setLegacyMode(true);
  if (scope.include) builder = builder.include(scope.include);
  if (scope.exclude) builder = builder.exclude(scope.exclude);
  const results = await builder.analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
