import { cleanup, screen, waitFor } from '@testing-library/react';
import { setDemoRole } from '@/lib/session';
import { renderWithProviders } from '../../../../tests/render';
import { ScheduleTab } from './schedule-tab';
import { TemplatesTab } from './templates-tab';

vi.setConfig({ testTimeout: 30_000 });
afterEach(() => {
  // Unmounted first: the role's change would re-render a screen that the test has left.
  cleanup();
  setDemoRole('Admin');
});

const VIEWER = 'Nur für die Rollen Editor und Admin – Sie sind als Viewer angemeldet.';
const TEMPLATE = { id: 't-1', name: 'Eilmeldung', content: 'EILMELDUNG: {title}' };

test("a Viewer's template Edit is disabled and says why; Use stays (it only fills the composer)", async () => {
  setDemoRole('Viewer');
  renderWithProviders(<TemplatesTab templates={[TEMPLATE]} onUse={() => undefined} />);
  const edit = screen.getByRole('button', { name: 'Edit Eilmeldung' });
  // The table of who may do what loads with the first check.
  await waitFor(() => expect(edit).toBeDisabled());
  expect(edit).toHaveAccessibleDescription(VIEWER);
  expect(screen.getByRole('button', { name: 'Use Eilmeldung' })).toBeEnabled();
});

test("a Viewer's scheduled posts cannot be edited, an Editor's can", async () => {
  setDemoRole('Viewer');
  const view = renderWithProviders(<ScheduleTab />);
  const [edit] = await screen.findAllByRole('button', { name: /^Edit / });
  expect(edit).toBeDisabled();
  expect(edit).toHaveAccessibleDescription(VIEWER);
  view.unmount();
  setDemoRole('Editor');
  renderWithProviders(<ScheduleTab />);
  const [editable] = await screen.findAllByRole('button', { name: /^Edit / });
  expect(editable).toBeEnabled();
  expect(editable).not.toHaveAttribute('title');
});
