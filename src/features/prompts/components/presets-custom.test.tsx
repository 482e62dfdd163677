import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { toast } from 'sonner';
import { listPrompts, savePrompt } from '@/db/prompts';
import { server } from '@/mocks/node';
import { renderWithProviders } from '../../../../tests/render';
import { PromptsPage } from './prompts-page';

// Error paths write the error log (a lazy import plus IndexedDB) before the UI reacts; a loaded CI box needs more than 1 s.
configure({ asyncUtilTimeout: 5000 });

// sonner keeps its toasts in a module-level store and replays them to the next Toaster.
afterEach(() => toast.dismiss());

const setup = () => {
  const user = userEvent.setup();
  renderWithProviders(<PromptsPage />);
  return user;
};
const output = () => screen.getByLabelText('Generated prompt') as HTMLTextAreaElement;

// The Custom tab loads with its first opening (it brings IndexedDB's Dexie): wait for its form.
async function openCustom(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('tab', { name: 'Custom' }));
  await screen.findByLabelText('Name');
}

describe('Prompt Generator – voice and image presets', () => {
  test('voice has four presets with German texts; Use puts the prompt into the content output', async () => {
    const user = setup();
    await user.click(screen.getByRole('tab', { name: 'Voice' }));
    const cards = screen.getAllByRole('article');
    expect(cards.map((c) => c.getAttribute('aria-label'))).toEqual([
      'Professional',
      'Conversational',
      'Urgent',
      'Calm',
    ]);
    const urgent = within(screen.getByRole('article', { name: 'Urgent' }));
    const text = urgent.getByText(/Eilmeldung/).textContent ?? '';
    await user.click(urgent.getByRole('button', { name: 'Use' }));
    expect(await screen.findByText('Prompt übernommen')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Content' })).toHaveAttribute('aria-selected', 'true');
    expect(output()).toHaveValue(text);
  });

  test('voice Copy copies the preset', async () => {
    const user = setup();
    await user.click(screen.getByRole('tab', { name: 'Voice' }));
    const calm = within(screen.getByRole('article', { name: 'Calm' }));
    await user.click(calm.getByRole('button', { name: 'Copy' }));
    expect(await screen.findByText('In die Zwischenablage kopiert')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toMatch(/ruhig/);
  });

  test('image presets are filled with the topic ([THEMA] when blank)', async () => {
    const user = setup();
    await user.click(screen.getByRole('tab', { name: 'Image' }));
    expect(screen.getAllByRole('article').map((c) => c.getAttribute('aria-label'))).toEqual([
      'News Thumbnail',
      'Breaking News',
      'Tech Illustration',
      'Infographic',
    ]);
    expect(within(screen.getByRole('article', { name: 'Infographic' })).getByText(/\[THEMA\]/)).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Content' }));
    await user.type(screen.getByLabelText('Topic'), 'Solarenergie');
    await user.click(screen.getByRole('tab', { name: 'Image' }));
    expect(within(screen.getByRole('article', { name: 'Infographic' })).getByText(/Solarenergie/)).toBeInTheDocument();
  });

  test("Use DALL-E sends the prompt via POST /ai/prompt with type 'image' and shows the answer", async () => {
    const bodies: Array<{ type: string; parameters: Record<string, unknown> }> = [];
    server.use(
      http.post('*/api/ai/prompt', async ({ request }) => {
        bodies.push((await request.json()) as { type: string; parameters: Record<string, unknown> });
        return HttpResponse.json({ text: 'Bild erzeugt: https://images.example/1.png' });
      }),
    );
    const user = setup();
    await user.click(screen.getByRole('tab', { name: 'Image' }));
    const card = within(screen.getByRole('article', { name: 'Tech Illustration' }));
    const prompt = card.getByText(/Tech-Illustration/).textContent;
    await user.click(card.getByRole('button', { name: 'Use DALL-E: Tech Illustration' }));
    expect(await screen.findByRole('region', { name: 'DALL-E response' })).toHaveTextContent('Bild erzeugt');
    expect(bodies).toHaveLength(1);
    expect(bodies[0].type).toBe('image');
    expect(bodies[0].parameters).toMatchObject({ preset: 'tech_illustration', prompt });
  });

  test('a failed Use DALL-E shows a German error', async () => {
    server.use(http.post('*/api/ai/prompt', () => HttpResponse.json({ message: 'nein' }, { status: 400 })));
    const user = setup();
    await user.click(screen.getByRole('tab', { name: 'Image' }));
    await user.click(screen.getByRole('button', { name: 'Use DALL-E: News Thumbnail' }));
    expect(await screen.findByText('Bild-Prompt konnte nicht gesendet werden.')).toBeInTheDocument();
  });
});

describe('Prompt Generator – custom', () => {
  test('Save with blank fields gives the German message and keeps the input', async () => {
    const user = setup();
    await openCustom(user);
    await user.type(screen.getByLabelText('Name'), 'Kommentar');
    await user.type(screen.getByLabelText('Category'), '   ');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Bitte Name, Kategorie und Template ausfüllen.')).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveValue('Kommentar');
    expect(await listPrompts()).toEqual([]);
  });

  test('storage full: Save keeps the input and says so in German', async () => {
    const { db } = await import('@/db/db');
    const spy = vi.spyOn(db.prompts, 'add').mockRejectedValue(new DOMException('full', 'QuotaExceededError'));
    onTestFinished(() => spy.mockRestore());
    const user = setup();
    await openCustom(user);
    await user.type(screen.getByLabelText('Name'), 'Kommentar');
    await user.type(screen.getByLabelText('Category'), 'Meinung');
    await user.type(screen.getByLabelText('Template'), 'Kommentiere das Thema.');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Speicher voll – Eingabe wurde nicht gespeichert.')).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveValue('Kommentar');
    expect(screen.getByLabelText('Template')).toHaveValue('Kommentiere das Thema.');
  });

  test('Save stores the prompt in IndexedDB and lists it', async () => {
    const user = setup();
    await openCustom(user);
    expect(await screen.findByText('Noch keine eigenen Prompts gespeichert.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Name'), 'Kommentar');
    await user.type(screen.getByLabelText('Category'), 'Meinung');
    await user.type(screen.getByLabelText('Template'), 'Kommentiere {{topic} in {{location}.');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Prompt gespeichert')).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Saved prompts' });
    expect(within(list).getByText('Kommentar')).toBeInTheDocument();
    expect(within(list).getByText('Meinung')).toBeInTheDocument();
    expect(await listPrompts()).toEqual([
      expect.objectContaining({
        name: 'Kommentar',
        category: 'Meinung',
        template: 'Kommentiere {topic} in {location}.',
      }),
    ]);
    expect(screen.getByLabelText('Name')).toHaveValue('');
  });

  test('Preview renders the template with the current topic and location', async () => {
    const user = setup();
    await openCustom(user);
    await user.type(screen.getByLabelText('Template'), 'Bericht über {{topic} aus {{location}');
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    expect(screen.getByTestId('custom-preview')).toHaveTextContent('Bericht über [THEMA] aus [ORT]');

    await user.click(screen.getByRole('tab', { name: 'Content' }));
    await user.type(screen.getByLabelText('Topic'), 'Hafen');
    await user.type(screen.getByLabelText('Location (optional)'), 'Kiel');
    await openCustom(user);
    await user.type(screen.getByLabelText('Template'), 'Bericht über {{topic} aus {{location}');
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    expect(screen.getByTestId('custom-preview')).toHaveTextContent('Bericht über Hafen aus Kiel');
  });

  test('a saved prompt can be used and deleted', async () => {
    await savePrompt({ name: 'Interview', category: 'Format', template: 'Fragen zu {topic}' });
    const user = setup();
    await openCustom(user);
    await user.click(await screen.findByRole('button', { name: 'Use: Interview' }));
    expect(output()).toHaveValue('Fragen zu [THEMA]');

    await openCustom(user);
    await user.click(await screen.findByRole('button', { name: 'Delete: Interview' }));
    expect(await screen.findByText('Noch keine eigenen Prompts gespeichert.')).toBeInTheDocument();
    await waitFor(async () => expect(await listPrompts()).toEqual([]));
  });
});
