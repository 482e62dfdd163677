import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { toast } from 'sonner';
import { server } from '@/mocks/node';
import { renderWithProviders } from '../../../../tests/render';
import { PromptsPage } from './prompts-page';

// Error paths write the error log (a lazy import plus IndexedDB) before the UI reacts; a loaded CI box needs more than 1 s.
configure({ asyncUtilTimeout: 5000 });

// sonner keeps its toasts in a module-level store and replays them to the next Toaster.
afterEach(() => {
  toast.dismiss();
  vi.restoreAllMocks();
});

const setup = () => {
  const user = userEvent.setup();
  renderWithProviders(<PromptsPage />);
  return user;
};
const generate = () => screen.getByRole('button', { name: 'Generate' });
const output = () => screen.getByLabelText('Generated prompt') as HTMLTextAreaElement;
const lines = (text: string) => text.split('\n').filter(Boolean);

describe('Prompt Generator – content', () => {
  test('has the tabs content, voice, image, custom and four templates', () => {
    setup();
    for (const name of ['Content', 'Voice', 'Image', 'Custom'])
      expect(screen.getByRole('tab', { name })).toBeInTheDocument();
    for (const name of ['Breaking News', 'Market Analysis', 'Tech Trends', 'Sports Update'])
      expect(screen.getByRole('radio', { name: new RegExp(`^${name}`) })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /^Breaking News/ })).toBeChecked();
  });

  test('Generate is disabled while the topic is blank', async () => {
    const user = setup();
    expect(generate()).toBeDisabled();
    await user.type(screen.getByLabelText('Topic'), '   ');
    expect(generate()).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Regenerate' })).toBeDisabled();
    await user.type(screen.getByLabelText('Topic'), 'Klimagipfel');
    expect(generate()).toBeEnabled();
  });

  test('language default deutsch and audience default allgemein, with the spec options', () => {
    setup();
    const language = screen.getByLabelText('Language');
    const audience = screen.getByLabelText('Audience');
    expect(language).toHaveValue('deutsch');
    expect(audience).toHaveValue('allgemein');
    expect(
      within(language)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['deutsch', 'english', 'français', 'español']);
    expect(
      within(audience)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['allgemein', 'experten', 'jugendliche 16-25', 'unternehmen/B2B', 'senioren 50+']);
  });

  test('a missing location appears as [ORT]; defaults add no Sprache/Zielgruppe line', async () => {
    const user = setup();
    await user.type(screen.getByLabelText('Topic'), 'Klimagipfel');
    await user.click(generate());
    expect(output().value).toContain('Klimagipfel');
    expect(output().value).toContain('[ORT]');
    expect(output().value).not.toContain('{topic}');
    expect(output().value).not.toContain('Sprache:');
    expect(output().value).not.toContain('Zielgruppe:');
  });

  test("another language and audience append 'Sprache:' and 'Zielgruppe:' lines", async () => {
    const user = setup();
    await user.click(screen.getByRole('radio', { name: /^Market Analysis/ }));
    await user.type(screen.getByLabelText('Topic'), 'Zinswende');
    await user.type(screen.getByLabelText('Location (optional)'), 'Frankfurt');
    await user.selectOptions(screen.getByLabelText('Language'), 'english');
    await user.selectOptions(screen.getByLabelText('Audience'), 'jugendliche 16-25');
    await user.click(generate());
    const text = lines(output().value);
    expect(text.at(-2)).toBe('Sprache: english');
    expect(text.at(-1)).toBe('Zielgruppe: jugendliche 16-25');
    expect(text[0]).toContain('Zinswende');
    expect(text[0]).toContain('Frankfurt');
    expect(text[0]).not.toContain('[ORT]');
  });

  test('the output is editable and Regenerate rebuilds it', async () => {
    const user = setup();
    await user.type(screen.getByLabelText('Topic'), 'Derby');
    await user.click(screen.getByRole('radio', { name: /^Sports Update/ }));
    await user.click(generate());
    const generated = output().value;
    await user.clear(output());
    await user.type(output(), 'Eigener Text');
    expect(output()).toHaveValue('Eigener Text');
    await user.click(screen.getByRole('button', { name: 'Regenerate' }));
    expect(output()).toHaveValue(generated);
  });

  test('Copy puts the output on the clipboard and says so', async () => {
    const user = setup();
    await user.type(screen.getByLabelText('Topic'), 'KI');
    await user.click(generate());
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await screen.findByText('In die Zwischenablage kopiert')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(output().value);
  });

  test('a refused clipboard gives the German failure toast', async () => {
    const user = setup();
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new DOMException('denied', 'NotAllowedError'));
    await user.type(screen.getByLabelText('Topic'), 'KI');
    await user.click(generate());
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await screen.findByText('Kopieren fehlgeschlagen.')).toBeInTheDocument();
  });

  test('Send to GPT posts {type, parameters} to /ai/prompt and shows the answer', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post('*/api/ai/prompt', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ text: 'Antwort des Modells' });
      }),
    );
    const user = setup();
    await user.type(screen.getByLabelText('Topic'), 'Wahl');
    await user.click(generate());
    await user.click(screen.getByRole('button', { name: 'Send to GPT' }));
    const answer = await screen.findByRole('region', { name: 'GPT response' });
    expect(answer).toHaveTextContent('Antwort des Modells');
    expect(bodies).toEqual([
      {
        type: 'content',
        parameters: {
          prompt: output().value,
          template: 'breaking_news',
          topic: 'Wahl',
          location: '',
          language: 'deutsch',
          audience: 'allgemein',
        },
      },
    ]);
  });

  test('Send to GPT through the mock answers with text', async () => {
    const user = setup();
    await user.type(screen.getByLabelText('Topic'), 'Hochwasser');
    await user.click(generate());
    await user.click(screen.getByRole('button', { name: 'Send to GPT' }));
    expect(await screen.findByRole('region', { name: 'GPT response' })).toHaveTextContent('Hochwasser');
  });

  test('a failed Send to GPT shows a German error and keeps the output', async () => {
    server.use(http.post('*/api/ai/prompt', () => HttpResponse.json({ message: 'nein' }, { status: 400 })));
    const user = setup();
    await user.type(screen.getByLabelText('Topic'), 'Wahl');
    await user.click(generate());
    const before = output().value;
    await user.click(screen.getByRole('button', { name: 'Send to GPT' }));
    expect(await screen.findByText('Senden an GPT fehlgeschlagen.')).toBeInTheDocument();
    expect(output()).toHaveValue(before);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send to GPT' })).toBeEnabled());
  });
});
