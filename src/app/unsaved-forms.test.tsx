import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_SETTINGS } from '@/db/settings';
import { ObsConnectionForm } from '@/components/obs-connection';
import { PostFormDialog } from '@/features/posts/components/post-form-dialog';
import { QuickText } from '@/features/live/components/quick-text';
import { renderWithProviders } from '../../tests/render';
import { hasUnsavedInput } from './unsaved-input';

// Issue 11 item 8: forms an operator types into count as unsaved even when focus has left them, so an
// automatic update waits (the composer is proven in a real browser by tests/e2e/pwa.spec.ts).
async function typeThenLeave(label: string, text: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText(label), text);
  (document.activeElement as HTMLElement | null)?.blur();
  expect(document.activeElement).toBe(document.body);
}

test('the post dialog holds unsaved input once something is typed', async () => {
  renderWithProviders(<PostFormDialog open onOpenChange={() => undefined} pending={false} onSubmit={() => undefined} />);
  await screen.findByRole('dialog');
  expect(hasUnsavedInput()).toBe(false);
  await typeThenLeave('Titel', 'Entwurf');
  expect(hasUnsavedInput()).toBe(true);
});

test('the OBS form holds unsaved input until Connect saves it', async () => {
  renderWithProviders(<ObsConnectionForm initial={DEFAULT_SETTINGS.obs} />);
  expect(hasUnsavedInput()).toBe(false);
  await typeThenLeave('Password', 'geheim');
  expect(hasUnsavedInput()).toBe(true);
});

test('quick text holds unsaved input while it has text', async () => {
  renderWithProviders(<QuickText />);
  await typeThenLeave('Text', 'Eilmeldung');
  expect(hasUnsavedInput()).toBe(true);
});
