import type { Page } from '@playwright/test';

export interface LayoutShift {
  value: number;
  /** The start of the text of the elements that moved, to say which part shifted. */
  text: string;
}

/** Records every layout shift without recent input from the page's next load on (call before `goto`). */
export async function watchLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shifts: LayoutShift[] = [];
    Object.assign(window, { __layoutShifts: shifts });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<
        PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: Array<{ node?: Node }> }
      >) {
        if (entry.hadRecentInput) continue;
        const text = (entry.sources ?? []).map((s) => (s.node?.textContent ?? '').slice(0, 40)).join(' | ');
        shifts.push({ value: entry.value, text });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** The shifts so far, two frames after now: a shift the last change caused has been reported by then. */
export async function layoutShifts(page: Page): Promise<LayoutShift[]> {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  return page.evaluate(() => (window as unknown as { __layoutShifts: LayoutShift[] }).__layoutShifts);
}
