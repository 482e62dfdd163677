import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type * as React from 'react';
import { renderWithProviders } from '../../../../tests/render';
import { PostsPage } from './posts-page';

// A search keystroke re-renders the list's rows, not the parts of the page it does not change. Each
// component below is wrapped so that its renders are counted; the rows are counted by their status badge.
const renders = vi.hoisted(() => ({ icons: 0, header: 0, badge: 0, card: 0, form: 0, preview: 0, confirm: 0 }));

vi.mock('lucide-react', async (original) => {
  const m = await original<typeof import('lucide-react')>();
  // The toolbar's and the header's icons: made once per screen, never per keystroke.
  return {
    ...m,
    Search: (p: React.ComponentProps<typeof m.Search>) => (renders.icons++, (<m.Search {...p} />)),
    Filter: (p: React.ComponentProps<typeof m.Filter>) => (renders.icons++, (<m.Filter {...p} />)),
    CalendarRange: (p: React.ComponentProps<typeof m.CalendarRange>) => (renders.icons++, (<m.CalendarRange {...p} />)),
    ArrowUpDown: (p: React.ComponentProps<typeof m.ArrowUpDown>) => (renders.icons++, (<m.ArrowUpDown {...p} />)),
    ArrowUp: (p: React.ComponentProps<typeof m.ArrowUp>) => (renders.icons++, (<m.ArrowUp {...p} />)),
    ArrowDown: (p: React.ComponentProps<typeof m.ArrowDown>) => (renders.icons++, (<m.ArrowDown {...p} />)),
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
vi.mock('@/components/ui/card', async (original) => {
  const m = await original<typeof import('@/components/ui/card')>();
  return { ...m, Card: (p: React.ComponentProps<typeof m.Card>) => (renders.card++, (<m.Card {...p} />)) };
});
vi.mock('@/components/ui/alert-dialog', async (original) => {
  const m = await original<typeof import('@/components/ui/alert-dialog')>();
  return {
    ...m,
    ConfirmDialog: (p: React.ComponentProps<typeof m.ConfirmDialog>) => (
      renders.confirm++,
      (<m.ConfirmDialog {...p} />)
    ),
  };
});
vi.mock('./post-form-dialog', async (original) => {
  const m = await original<typeof import('./post-form-dialog')>();
  return {
    ...m,
    PostFormDialog: (p: React.ComponentProps<typeof m.PostFormDialog>) => (
      renders.form++,
      (<m.PostFormDialog {...p} />)
    ),
  };
});
vi.mock('./post-preview-dialog', async (original) => {
  const m = await original<typeof import('./post-preview-dialog')>();
  return {
    ...m,
    PostPreviewDialog: (p: React.ComponentProps<typeof m.PostPreviewDialog>) => (
      renders.preview++,
      (<m.PostPreviewDialog {...p} />)
    ),
  };
});

vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 5000 });
// The page loads its table lazily; loaded here first so that no wait races the module's first transform.
beforeAll(async () => {
  await import('./posts-table');
});

beforeEach(() => {
  // jsdom does no layout: give the virtualized table a viewport so that it renders rows.
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(800);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1200);
});
afterEach(() => {
  vi.restoreAllMocks();
});

const reset = () => {
  for (const key of Object.keys(renders) as Array<keyof typeof renders>) renders[key] = 0;
};

test('a search keystroke renders only list rows: header, counters and closed dialogs stay untouched', async () => {
  const user = userEvent.setup();
  renderWithProviders(<PostsPage />);
  await screen.findByText('127 von 127 Posts');
  const rowsBefore = screen.getAllByRole('row').length - 1;
  expect(rowsBefore).toBeGreaterThan(5);
  const search = screen.getByLabelText('Posts durchsuchen');
  await user.click(search);
  reset();

  await user.keyboard('m');
  await user.keyboard('a');
  await user.keyboard('r');
  await user.keyboard('s');
  expect(screen.getByText(/^\d+ von 127 Posts$/).textContent).not.toBe('127 von 127 Posts');
  const rows = screen.getAllByRole('row').slice(1);
  for (const row of rows) expect(row).toHaveTextContent(/mars/i);

  expect(renders).toMatchObject({ icons: 0, header: 0, card: 0, form: 0, preview: 0, confirm: 0 });
  // Rows did render (the list changed), but never more than the visible rows per keystroke.
  expect(renders.badge).toBeGreaterThan(0);
  expect(renders.badge).toBeLessThanOrEqual(4 * rowsBefore);
});

test('opening a dialog does not re-render the list rows', async () => {
  const user = userEvent.setup();
  renderWithProviders(<PostsPage />);
  await screen.findByText('127 von 127 Posts');
  reset();
  await user.click(screen.getByRole('button', { name: 'Create Post' }));
  const dialog = await screen.findByRole('dialog');
  expect(within(dialog).getByLabelText('Titel')).toBeInTheDocument();
  expect(renders.form).toBeGreaterThan(0);
  expect(renders.badge).toBe(0);
});
