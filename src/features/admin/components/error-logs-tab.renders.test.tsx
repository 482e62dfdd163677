import { screen, waitFor } from '@testing-library/react';
import type * as React from 'react';
import { recordError, resolveError } from '@/db/error-log';
import { renderWithProviders } from '../../../../tests/render';
import { ErrorLogsTab } from './error-logs-tab';

// A new failure arriving in the error log renders the new entry (and the entries that changed), not all of
// them again. Each entry's Active/Resolved badge is counted (the by-service badges have the tone 'outline'; the breaker
// panel's badges carry a data-testid and re-render once a second on their own).
const renders = vi.hoisted(() => ({ entryBadge: 0 }));

vi.mock('@/components/ui/badge', async (original) => {
  const m = await original<typeof import('@/components/ui/badge')>();
  return {
    ...m,
    Badge: (p: React.ComponentProps<typeof m.Badge>) => {
      if ((p.tone === 'error' || p.tone === 'ok') && !('data-testid' in p)) renders.entryBadge++;
      return <m.Badge {...p} />;
    },
  };
});

vi.setConfig({ testTimeout: 30_000 });

const entries = () => screen.queryAllByTestId('error-entry');

test('a new failure renders the new entry only; resolving one renders that one only', async () => {
  for (let i = 0; i < 12; i++) await recordError({ service: 'tavus', error: `failure ${i}` });
  renderWithProviders(<ErrorLogsTab />);
  await waitFor(() => expect(entries()).toHaveLength(12));

  renders.entryBadge = 0;
  const id = await recordError({ service: 'heygen', error: 'a new failure' });
  await waitFor(() => expect(entries()).toHaveLength(13));
  expect(entries()[0]).toHaveTextContent('a new failure');
  // The new row (twice at most: StrictMode renders twice in development), none of the twelve that did not change.
  expect(renders.entryBadge).toBeGreaterThan(0);
  expect(renders.entryBadge).toBeLessThanOrEqual(2);

  renders.entryBadge = 0;
  await resolveError(id);
  await waitFor(() => expect(entries()[0]).toHaveTextContent('Resolved'));
  expect(renders.entryBadge).toBeGreaterThan(0);
  expect(renders.entryBadge).toBeLessThanOrEqual(2);
});
