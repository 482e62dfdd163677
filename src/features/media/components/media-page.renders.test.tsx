import { configure, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { memo } from 'react';
import type * as React from 'react';
import { renderWithProviders } from '../../../../tests/render';
import { MediaPage } from './media-page';

// A search keystroke re-renders the grid's cards that change, not the header or the closed dialogs. Each
// component below is wrapped so that its renders are counted (the card keeps its memo, so skipped cards count 0).
const renders = vi.hoisted(() => ({ icons: 0, tabs: 0, header: 0, card: 0, upload: 0, preview: 0, confirm: 0 }));

vi.mock('lucide-react', async (original) => {
  const m = await original<typeof import('lucide-react')>();
  // The toolbar's and the header's icons: made once per screen, never per keystroke.
  return {
    ...m,
    Search: (p: React.ComponentProps<typeof m.Search>) => (renders.icons++, (<m.Search {...p} />)),
    Filter: (p: React.ComponentProps<typeof m.Filter>) => (renders.icons++, (<m.Filter {...p} />)),
    CalendarRange: (p: React.ComponentProps<typeof m.CalendarRange>) => (renders.icons++, (<m.CalendarRange {...p} />)),
  };
});
vi.mock('@/components/ui/tabs', async (original) => {
  const m = await original<typeof import('@/components/ui/tabs')>();
  return {
    ...m,
    TabsTrigger: (p: React.ComponentProps<typeof m.TabsTrigger>) => (renders.tabs++, (<m.TabsTrigger {...p} />)),
  };
});
vi.mock('@/components/ui/page-header', async (original) => {
  const m = await original<typeof import('@/components/ui/page-header')>();
  return {
    ...m,
    PageHeader: (p: React.ComponentProps<typeof m.PageHeader>) => (renders.header++, (<m.PageHeader {...p} />)),
  };
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
vi.mock('./media-card', async (original) => {
  const m = await original<typeof import('./media-card')>();
  return {
    ...m,
    MediaCard: memo((p: React.ComponentProps<typeof m.MediaCard>) => (renders.card++, (<m.MediaCard {...p} />))),
  };
});
vi.mock('./upload-dialog', async (original) => {
  const m = await original<typeof import('./upload-dialog')>();
  return {
    ...m,
    UploadDialog: (p: React.ComponentProps<typeof m.UploadDialog>) => (renders.upload++, (<m.UploadDialog {...p} />)),
  };
});
vi.mock('./preview-dialog', async (original) => {
  const m = await original<typeof import('./preview-dialog')>();
  return {
    ...m,
    PreviewDialog: (p: React.ComponentProps<typeof m.PreviewDialog>) => (
      renders.preview++,
      (<m.PreviewDialog {...p} />)
    ),
  };
});

vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 5000 });

const reset = () => {
  for (const key of Object.keys(renders) as Array<keyof typeof renders>) renders[key] = 0;
};

test('a search keystroke renders only the grid: the header and the closed dialogs stay untouched', async () => {
  const user = userEvent.setup();
  renderWithProviders(<MediaPage />);
  const before = await screen.findAllByTestId('media-card');
  await user.click(screen.getByLabelText('Medien nach Titel oder Datum durchsuchen'));
  reset();

  for (const key of 'podcast') await user.keyboard(key);
  const after = screen.getAllByTestId('media-card');
  expect(after.length).toBeLessThan(before.length);
  for (const card of after) expect(card).toHaveTextContent(/podcast/i);

  expect(renders).toMatchObject({ icons: 0, tabs: 0, header: 0, upload: 0, preview: 0, confirm: 0 });
  expect(renders.card).toBeLessThanOrEqual(7 * before.length);
});

test('opening the upload dialog does not re-render the cards', async () => {
  const user = userEvent.setup();
  renderWithProviders(<MediaPage />);
  await screen.findAllByTestId('media-card');
  reset();
  await user.click(screen.getByRole('button', { name: 'Upload Media' }));
  await screen.findByRole('dialog');
  expect(renders.upload).toBeGreaterThan(0);
  expect(renders.card).toBe(0);
});
