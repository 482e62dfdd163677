import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

// SPEC §9 names a swipe-dismiss threshold of 20 px. sonner 2 hard-codes its own and offers no Toaster prop for it, so the
// README's deliberate changes keep sonner's; this test fails when sonner changes it, so the choice is made again.
test("toasts are dismissed by a swipe past sonner 2's fixed 45 px, not SPEC §9's 20 px (no setting exists)", () => {
  const require = createRequire(import.meta.url);
  const source = readFileSync(require.resolve('sonner').replace(/index\.js$/, 'index.mjs'), 'utf8');
  expect(source).toMatch(/\bSWIPE_THRESHOLD = 45;/);
  expect(source).not.toMatch(/\bSWIPE_THRESHOLD = 20;/);
  expect(source).not.toMatch(/swipeThreshold/);
});
