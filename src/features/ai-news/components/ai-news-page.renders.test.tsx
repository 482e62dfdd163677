import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type * as React from 'react';
import { renderWithProviders } from '../../../../tests/render';
import { AiNewsPage } from './ai-news-page';

// A search keystroke re-renders the list's rows, not the header or the closed dialog. Each component
// below is wrapped so that its renders are counted; the rows are counted by their status badge.
const renders = vi.hoisted(() => ({ icons: 0, header: 0, badge: 0, dialog: 0 }));

vi.mock('lucide-react', async (original) => {
  const m = await original<typeof import('lucide-react')>();
  // The toolbar's and the header's icons: made once per screen, never per keystroke.
  return {
    ...m,
    Search: (p: React.ComponentProps<typeof m.Search>) => (renders.icons++, (<m.Search {...p} />)),
  };
});
vi.mock('@/components/ui/page-header', async (original) => {
  const m = await original<typeof import('@/components/ui/page-header')>();
  return {
    ...m,
    PageHeader: (p: React.ComponentProps<typeof m.PageHeader>) => (renders.header++, (<m.PageHeader {...p} />)),
  };
});
vi.mock('@/components/ui/badge', async (original) => {
  const m = await original<typeof import('@/components/ui/badge')>();
  return { ...m, Badge: (p: React.ComponentProps<typeof m.Badge>) => (renders.badge++, (<m.Badge {...p} />)) };
});
vi.mock('./generate-dialog', async (original) => {
  const m = await original<typeof import('./generate-dialog')>();
  return {
    ...m,
    GenerateDialog: (p: React.ComponentProps<typeof m.GenerateDialog>) => (
      renders.dialog++,
      (<m.GenerateDialog {...p} />)
    ),
  };
});

vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 5000 });

beforeEach(() => {
  // jsdom does no layout: give the virtualized list a viewport so that it renders rows.
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(800);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1200);
});
afterEach(() => {
  vi.restoreAllMocks();
});

const reset = () => {
  for (const key of Object.keys(renders) as Array<keyof typeof renders>) renders[key] = 0;
};

test('a search keystroke renders only list rows: the header and the closed dialog stay untouched', async () => {
  const user = userEvent.setup();
  renderWithProviders(<AiNewsPage />);
  const before = await screen.findAllByTestId('news-row');
  const total = screen.getByTestId('news-count').textContent;
  await user.click(screen.getByLabelText('News durchsuchen'));
  reset();

  await user.keyboard('k');
  await user.keyboard('i');
  expect(screen.getByTestId('news-count').textContent).not.toBe(total);
  expect(screen.getByTestId('news-count')).toHaveTextContent(/^\d+ von \d+ Meldungen$/);
  for (const row of screen.queryAllByTestId('news-row'))
    expect(within(row).getAllByRole('cell')[0]).toHaveTextContent(/ki/i);

  expect(renders).toMatchObject({ icons: 0, header: 0, dialog: 0 });
  expect(renders.badge).toBeLessThanOrEqual(2 * before.length);
});

test('opening the dialog does not re-render the list rows', async () => {
  const user = userEvent.setup();
  renderWithProviders(<AiNewsPage />);
  await screen.findAllByTestId('news-row');
  reset();
  await user.click(screen.getByRole('button', { name: 'Generate News' }));
  await screen.findByRole('dialog');
  expect(renders.dialog).toBeGreaterThan(0);
  expect(renders.badge).toBe(0);
});
