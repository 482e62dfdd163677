import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { getSetting } from '@/db/settings';
import { renderWithProviders } from '../../../../tests/render';
import { VideosPage } from './videos-page';

// Error paths write the error log (a lazy import plus IndexedDB) before the UI reacts; a loaded CI box needs more than 1 s.
configure({ asyncUtilTimeout: 5000 });

// sonner keeps its toasts in a module-level store and replays them to the next Toaster.
afterEach(() => toast.dismiss());

describe('Video Studio – Settings', () => {
  test('saves default quality and voice in IndexedDB and New Video uses them', async () => {
    const user = userEvent.setup();
    renderWithProviders(<VideosPage />);
    await user.click(screen.getByRole('tab', { name: 'Settings' }));
    const quality = await screen.findByLabelText('Default quality');
    expect(quality).toHaveValue('1080p');
    expect(screen.getByLabelText('Default voice')).toHaveValue('german-female-1');
    expect(screen.getByRole('button', { name: 'Save settings' })).toBeDisabled();

    await user.selectOptions(quality, '720p');
    await user.selectOptions(screen.getByLabelText('Default voice'), 'german-male-1');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Einstellungen gespeichert')).toBeInTheDocument();
    expect(await getSetting('videoDefaults')).toEqual({ quality: '720p', voice: 'german-male-1' });

    await user.click(screen.getByRole('tab', { name: 'New Video' }));
    await waitFor(() => expect(screen.getByLabelText('Quality')).toHaveValue('720p'));
    expect(screen.getByLabelText('Voice')).toHaveValue('german-male-1');
  });

  test('a voice chosen in New Video wins over the default', async () => {
    const user = userEvent.setup();
    renderWithProviders(<VideosPage />);
    await user.selectOptions(screen.getByLabelText('Voice'), 'english-female-1');
    await user.click(screen.getByRole('tab', { name: 'Settings' }));
    await user.selectOptions(await screen.findByLabelText('Default voice'), 'german-male-1');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await screen.findByText('Einstellungen gespeichert');
    await user.click(screen.getByRole('tab', { name: 'New Video' }));
    expect(screen.getByLabelText('Voice')).toHaveValue('english-female-1');
  });
});
