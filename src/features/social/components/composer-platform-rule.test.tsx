import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { server } from '@/mocks/node';
import { renderWithProviders } from '../../../../tests/render';
import { SocialPage } from './social-page';

configure({ asyncUtilTimeout: 8000 });
beforeEach(() => {
  toast.dismiss();
});

// Deliberate change: SPEC §5 enforces no minimum of platforms; a post to no platform would go nowhere, so Post Now asks for one.
test('Post Now with no platform picked is refused: „Bitte wählen Sie mindestens eine verbundene Plattform aus.“, and nothing is posted', async () => {
  const posted: string[] = [];
  server.events.on('request:start', ({ request }) => {
    if (request.method === 'POST' && new URL(request.url).pathname.startsWith('/api/social/post'))
      posted.push(request.url);
  });
  try {
    const user = userEvent.setup();
    renderWithProviders(<SocialPage />, { route: '/dashboard/social' });
    await screen.findByTestId('platform-facebook');
    const picker = screen.getByRole('checkbox', { name: 'Telegram' }).closest('fieldset') ?? document.body;
    for (const box of within(picker as HTMLElement).queryAllByRole('checkbox', { checked: true }))
      await user.click(box);
    await user.click(screen.getByLabelText('Inhalt'));
    await user.paste('Eilmeldung ohne Ziel');
    await user.click(screen.getByRole('button', { name: 'Post Now' }));
    expect(await screen.findByText('Bitte wählen Sie mindestens eine verbundene Plattform aus.')).toBeInTheDocument();
    expect(screen.getByText('Fehler')).toBeInTheDocument();
    expect(posted).toEqual([]);
  } finally {
    server.events.removeAllListeners();
  }
});
