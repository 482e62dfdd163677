import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_SETTINGS } from '@/db/settings';
import { ObsConnectionForm } from '@/components/obs-connection';
import { PostFormDialog } from '@/features/posts/components/post-form-dialog';
import { QuickText } from '@/features/live/components/quick-text';
import { GenerateDialog } from '@/features/ai-news/components/generate-dialog';
import { UploadDialog } from '@/features/media/components/upload-dialog';
import { PromptsPage } from '@/features/prompts/components/prompts-page';
import { renderWithProviders } from '../../tests/render';
import { hasUnsavedInput } from './unsaved-input';

// Forms an operator types into count as unsaved even when focus has left them, so an
// automatic update waits (the composer is proven in a real browser by tests/e2e/pwa.spec.ts).
async function typeThenLeave(label: string, text: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText(label), text);
  (document.activeElement as HTMLElement | null)?.blur();
  expect(document.activeElement).toBe(document.body);
}

const DIALOGS: Array<[string, () => React.ReactElement, string, string]> = [
  [
    'the post dialog',
    () => <PostFormDialog open onOpenChange={() => undefined} pending={false} onSubmit={() => undefined} />,
    'Titel',
    'Entwurf',
  ],
  ['the media upload dialog', () => <UploadDialog open onOpenChange={() => undefined} />, 'Titel', 'Interview'],
  [
    'the AI News generate dialog',
    () => <GenerateDialog open onOpenChange={() => undefined} />,
    'Thema',
    'Künstliche Intelligenz',
  ],
];

test.each(DIALOGS)('%s holds unsaved input once something is typed', async (_name, dialog, label, text) => {
  renderWithProviders(dialog());
  await screen.findByRole('dialog');
  expect(hasUnsavedInput()).toBe(false);
  await typeThenLeave(label, text);
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

test('the media upload dialog holds unsaved input once a file is chosen, even with no title', async () => {
  const user = userEvent.setup();
  renderWithProviders(<UploadDialog open onOpenChange={() => undefined} />);
  await screen.findByRole('dialog');
  const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
  await user.upload(screen.getByLabelText('Datei'), new File([png], 'bild.png', { type: 'image/png' }));
  (document.activeElement as HTMLElement | null)?.blur();
  expect(hasUnsavedInput()).toBe(true);
});

test('the Prompt Generator holds unsaved input once a topic is typed (before any prompt is generated)', async () => {
  renderWithProviders(<PromptsPage />);
  expect(hasUnsavedInput()).toBe(false);
  await typeThenLeave('Topic', 'Wahlen');
  expect(hasUnsavedInput()).toBe(true);
});
