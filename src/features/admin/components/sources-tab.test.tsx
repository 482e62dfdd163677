import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, onTestFinished, test } from 'vitest';
import { applyScenario, server } from '@/mocks/node';
import { renderWithProviders } from '../../../../tests/render';
import { SourcesTab } from './sources-tab';

async function renderTab() {
  const user = userEvent.setup();
  const view = renderWithProviders(<SourcesTab />);
  const list = await screen.findByRole('list', { name: 'Quellen' });
  return { user, list, unmount: view.unmount };
}

const row = (id: string) => screen.getByTestId(`source-${id}`);
const addForm = () =>
  screen.getByRole('heading', { name: 'Quelle hinzufügen' }).closest('[data-slot="card"]') as HTMLElement;

/** The JSON bodies of the requests to one method and path, as the page sends them. */
function bodiesOf(method: string, path: RegExp): unknown[] {
  const bodies: unknown[] = [];
  const listener = ({ request }: { request: Request }) => {
    if (request.method === method && path.test(new URL(request.url).pathname))
      void request
        .clone()
        .json()
        .then((b: unknown) => bodies.push(b));
  };
  server.events.on('request:start', listener);
  onTestFinished(() => server.events.removeListener('request:start', listener));
  return bodies;
}

describe('Admin → Quellen', () => {
  test('lists the five sources with address, category, language, last fetch, the red error and the item count', async () => {
    const { list } = await renderTab();
    expect(
      within(list)
        .getAllByTestId('source-name')
        .map((n) => n.textContent),
    ).toEqual(['Tech News', 'Reuters', 'Bloomberg', 'NASA', 'Medical News']);
    const reuters = row('src-reuters');
    const feed = within(reuters).getByRole('link', { name: 'https://feeds.newsdesk.example/reuters.xml' });
    expect(feed).toHaveAttribute('href', 'https://feeds.newsdesk.example/reuters.xml');
    expect(feed).toHaveAttribute('target', '_blank');
    expect(feed).toHaveAttribute('rel', 'noopener noreferrer');
    expect(reuters).toHaveTextContent('Wirtschaft');
    expect(reuters).toHaveTextContent('EN');
    expect(within(reuters).getByTestId('source-last-fetch')).toHaveTextContent(
      /^Letzter Abruf: .+ · 0 neu · HTTP 304 · 7 Meldungen$/,
    );
    expect(within(row('src-tech-news')).getByTestId('source-last-fetch')).toHaveTextContent(
      / · 2 neu · HTTP 200 · 5 Meldungen$/,
    );
    const error = within(row('src-bloomberg')).getByText('Der Feed verweigert den Zugriff (HTTP 403).');
    expect(error).toHaveClass('text-red-700');
    expect(within(row('src-tech-news')).queryByTestId('source-fetch-error')).toBeNull();
    expect(within(row('src-medical-news')).getByRole('switch', { name: 'Aktiv: Medical News' })).not.toBeChecked();
    expect(within(row('src-nasa')).getByRole('switch', { name: 'Aktiv: NASA' })).toBeChecked();
  });

  test('Neueste Meldungen: the newest items as links with the sources that carried them', async () => {
    await renderTab();
    const items = await screen.findByRole('list', { name: 'Neueste Meldungen' });
    const entries = within(items).getAllByRole('listitem');
    expect(entries.length).toBeGreaterThanOrEqual(12);
    expect(entries.length).toBeLessThanOrEqual(20);
    const first = within(entries[0]).getByRole('link', {
      name: 'EU-Kommission legt Zeitplan für die Pflichten des AI Act vor',
    });
    expect(first).toHaveAttribute('href', 'https://articles.newsdesk.example/eu-ai-act-pflichten');
    expect(first).toHaveAttribute('rel', 'noopener noreferrer');
    expect(first).toHaveAttribute('target', '_blank');
    expect(within(entries[0]).getByTestId('source-item-sources')).toHaveTextContent('Tech News, Reuters');
  });

  test('Add checks the fields with the German messages and sends nothing; a valid source is stored and listed', async () => {
    const posts = bodiesOf('POST', /\/api\/sources$/);
    const { user, list } = await renderTab();
    const form = addForm();
    await user.click(within(form).getByRole('button', { name: 'Quelle hinzufügen' }));
    expect(await within(form).findByText('Bitte einen Namen eingeben.')).toBeInTheDocument();
    expect(within(form).getByText('Bitte eine gültige http- oder https-Adresse eingeben.')).toBeInTheDocument();
    expect(within(form).getByText('Bitte eine Kategorie eingeben.')).toBeInTheDocument();
    expect(within(form).getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');

    await user.type(within(form).getByLabelText('Name'), 'Tagesschau');
    await user.type(within(form).getByLabelText('Feed-Adresse'), 'ftp://www.tagesschau.de/index~rss2.xml');
    await user.type(within(form).getByLabelText('Kategorie'), 'Politik');
    await user.click(within(form).getByRole('button', { name: 'Quelle hinzufügen' }));
    expect(await within(form).findByText('Bitte eine gültige http- oder https-Adresse eingeben.')).toBeInTheDocument();
    expect(within(form).queryByText('Bitte einen Namen eingeben.')).toBeNull();
    expect(posts).toEqual([]);

    await user.clear(within(form).getByLabelText('Feed-Adresse'));
    await user.type(within(form).getByLabelText('Feed-Adresse'), 'https://www.tagesschau.de/index~rss2.xml');
    await user.selectOptions(within(form).getByLabelText('Sprache'), 'Deutsch');
    await user.click(within(form).getByRole('switch', { name: 'Aktiv' }));
    await user.click(within(form).getByRole('button', { name: 'Quelle hinzufügen' }));
    expect(await screen.findByText('Quelle gespeichert')).toBeInTheDocument();
    await waitFor(() =>
      expect(
        within(list)
          .getAllByTestId('source-name')
          .map((n) => n.textContent),
      ).toContain('Tagesschau'),
    );
    expect(posts).toEqual([
      {
        name: 'Tagesschau',
        url: 'https://www.tagesschau.de/index~rss2.xml',
        category: 'Politik',
        language: 'de',
        enabled: false,
      },
    ]);
    const added = row('src-tagesschau');
    expect(within(added).getByTestId('source-last-fetch')).toHaveTextContent('Noch nie abgerufen · 0 Meldungen');
    expect(within(added).getByRole('switch', { name: 'Aktiv: Tagesschau' })).not.toBeChecked();
    expect(within(form).getByLabelText('Name')).toHaveValue('');
  });

  test("an address already listed is refused with the server's German message", async () => {
    const { user } = await renderTab();
    const form = addForm();
    await user.type(within(form).getByLabelText('Name'), 'Reuters doppelt');
    await user.type(within(form).getByLabelText('Feed-Adresse'), 'https://feeds.newsdesk.example/reuters.xml');
    await user.type(within(form).getByLabelText('Kategorie'), 'Wirtschaft');
    await user.click(within(form).getByRole('button', { name: 'Quelle hinzufügen' }));
    expect(await screen.findByText('Quelle konnte nicht gespeichert werden')).toBeInTheDocument();
    expect(screen.getByText('Diese Feed-Adresse ist bereits eingetragen.')).toBeInTheDocument();
    expect(within(form).getByLabelText('Name')).toHaveValue('Reuters doppelt');
  });

  test('Bearbeiten changes a source in a dialog; its items keep it as their source', async () => {
    const patches = bodiesOf('PATCH', /\/api\/sources\/src-reuters$/);
    const { user } = await renderTab();
    await user.click(within(row('src-reuters')).getByRole('button', { name: 'Bearbeiten: Reuters' }));
    const dialog = await screen.findByRole('dialog', { name: 'Quelle bearbeiten' });
    expect(within(dialog).getByLabelText('Feed-Adresse')).toHaveValue('https://feeds.newsdesk.example/reuters.xml');
    await user.clear(within(dialog).getByLabelText('Name'));
    await user.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    expect(await within(dialog).findByText('Bitte einen Namen eingeben.')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Name'), 'Reuters Deutschland');
    await user.selectOptions(within(dialog).getByLabelText('Sprache'), 'Deutsch');
    await user.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Quelle gespeichert')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() =>
      expect(within(row('src-reuters')).getByTestId('source-name')).toHaveTextContent('Reuters Deutschland'),
    );
    expect(row('src-reuters')).toHaveTextContent('DE');
    expect(within(row('src-reuters')).getByTestId('source-last-fetch')).toHaveTextContent(/ · 7 Meldungen$/);
    expect(patches).toEqual([
      {
        name: 'Reuters Deutschland',
        url: 'https://feeds.newsdesk.example/reuters.xml',
        category: 'Wirtschaft',
        language: 'de',
        enabled: true,
      },
    ]);
  });

  test('the switch turns a source on and says Quelle gespeichert', async () => {
    const { user } = await renderTab();
    const toggle = within(row('src-medical-news')).getByRole('switch', { name: 'Aktiv: Medical News' });
    await user.click(toggle);
    expect(await screen.findByText('Quelle gespeichert')).toBeInTheDocument();
    await waitFor(() =>
      expect(within(row('src-medical-news')).getByRole('switch', { name: 'Aktiv: Medical News' })).toBeChecked(),
    );
    expect(row('src-medical-news')).toHaveAttribute('data-enabled', 'true');
  });

  test('Löschen asks first; Delete removes the source', async () => {
    const { user, list } = await renderTab();
    await user.click(within(row('src-nasa')).getByRole('button', { name: 'Löschen: NASA' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Quelle löschen?' });
    expect(confirm).toHaveTextContent('„NASA“ wird entfernt. Die Meldungen, die sie gebracht hat, bleiben erhalten.');
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Quelle gelöscht')).toBeInTheDocument();
    await waitFor(() => expect(within(list).queryByText('NASA')).toBeNull());
    expect(within(list).getAllByTestId('source-name')).toHaveLength(4);
  });

  test('Jetzt abrufen reads one feed: Abruf abgeschlossen, the new count and the new item; a failing feed says why', async () => {
    const { user } = await renderTab();
    await user.click(within(row('src-tech-news')).getByRole('button', { name: 'Jetzt abrufen: Tech News' }));
    expect(await screen.findByText('Abruf abgeschlossen')).toBeInTheDocument();
    expect(screen.getByText('Tech News: 1 neu')).toBeInTheDocument();
    await waitFor(() =>
      expect(within(row('src-tech-news')).getByTestId('source-last-fetch')).toHaveTextContent(
        / · 1 neu · HTTP 200 · 6 Meldungen$/,
      ),
    );
    const items = screen.getByRole('list', { name: 'Neueste Meldungen' });
    await waitFor(() =>
      expect(within(items).getAllByRole('link')[0]).toHaveTextContent(
        'Bundesnetzagentur meldet Rekord beim Ausbau von Solaranlagen',
      ),
    );

    await user.click(within(row('src-bloomberg')).getByRole('button', { name: 'Jetzt abrufen: Bloomberg' }));
    expect(await screen.findByText('Bloomberg: Der Feed verweigert den Zugriff (HTTP 403).')).toBeInTheDocument();
  });

  test('Alle jetzt abrufen reads every enabled feed and sums up', async () => {
    const { user } = await renderTab();
    await user.click(screen.getByRole('button', { name: 'Alle jetzt abrufen' }));
    expect(await screen.findByText('Abruf abgeschlossen')).toBeInTheDocument();
    expect(screen.getByText('3 neu aus 4 Quellen · Fehlgeschlagen: Bloomberg')).toBeInTheDocument();
    await waitFor(() =>
      expect(within(row('src-reuters')).getByTestId('source-last-fetch')).toHaveTextContent(
        / · 2 neu · HTTP 200 · 9 Meldungen$/,
      ),
    );
    // Medical News is switched off: not read.
    expect(within(row('src-medical-news')).getByTestId('source-last-fetch')).toHaveTextContent(
      / · 3 neu · HTTP 200 · 3 Meldungen$/,
    );
  });

  test("a refused fetch shows the server's German message", async () => {
    server.use(
      http.post('*/api/sources/:id/fetch', () =>
        HttpResponse.json({ message: 'Quelle nicht gefunden' }, { status: 404 }),
      ),
    );
    const { user } = await renderTab();
    await user.click(within(row('src-nasa')).getByRole('button', { name: 'Jetzt abrufen: NASA' }));
    expect(await screen.findByText('Abruf fehlgeschlagen')).toBeInTheDocument();
    expect(screen.getByText('Quelle nicht gefunden')).toBeInTheDocument();
  });

  test('feed text is shown as text, and only web addresses become links', async () => {
    server.use(
      http.get('*/api/sources', () =>
        HttpResponse.json([
          {
            id: 'src-x',
            name: '<img src=x onerror=alert(1)>',
            url: 'javascript:alert(1)',
            category: 'Test',
            language: 'de',
            enabled: true,
            lastFetch: null,
            itemCount: 0,
          },
        ]),
      ),
      http.get('*/api/sources/items', () =>
        HttpResponse.json([
          {
            id: 'i-x',
            title: '<b>fett</b>',
            url: 'javascript:alert(2)',
            summary: '',
            author: null,
            publishedAt: null,
            fetchedAt: '2024-06-12T09:00:00.000Z',
            category: 'Test',
            language: 'de',
            sources: ['<i>Quelle</i>'],
          },
        ]),
      ),
    );
    const { list } = await renderTab();
    expect(within(list).getByText('<img src=x onerror=alert(1)>')).toBeInTheDocument();
    expect(within(list).getByText('javascript:alert(1)')).toBeInTheDocument();
    expect(within(list).queryByRole('link')).toBeNull();
    const items = await screen.findByRole('list', { name: 'Neueste Meldungen' });
    expect(within(items).getByText('<b>fett</b>')).toBeInTheDocument();
    expect(within(items).getByText('<i>Quelle</i>')).toBeInTheDocument();
    expect(within(items).queryByRole('link')).toBeNull();
    expect(document.querySelector('img, b, i')).toBeNull();
  });

  test("'empty': no sources and no items", async () => {
    applyScenario('empty');
    renderWithProviders(<SourcesTab />);
    expect(await screen.findByText('Noch keine Quellen.')).toBeInTheDocument();
    expect(await screen.findByText('Noch keine Meldungen gespeichert.')).toBeInTheDocument();
  });

  test('a list that cannot be read says so in German', async () => {
    server.use(http.get('*/api/sources', () => HttpResponse.json({ message: 'Nicht angemeldet.' }, { status: 401 })));
    renderWithProviders(<SourcesTab />);
    expect(await screen.findByText('Quellen konnten nicht geladen werden.', { exact: false })).toBeInTheDocument();
    expect(screen.getByText('Nicht angemeldet.')).toBeInTheDocument();
  });
});

describe('Admin → Quellen: Zeitplan', () => {
  test('off by default; the interval is checked with the German limits; Speichern stores it', async () => {
    const patches = bodiesOf('PATCH', /\/api\/settings$/);
    const { user } = await renderTab();
    const toggle = await screen.findByRole('switch', { name: 'Runs automatisch starten' });
    expect(toggle).not.toBeChecked();
    const interval = screen.getByLabelText('Intervall (Minuten)');
    expect(interval).toHaveValue(60);

    await user.clear(interval);
    await user.type(interval, '3');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Mindestens alle 5 Minuten.')).toBeInTheDocument();
    await user.clear(interval);
    await user.type(interval, '2000');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Höchstens alle 1440 Minuten.')).toBeInTheDocument();
    await user.clear(interval);
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Bitte eine ganze Zahl zwischen 5 und 1440 eingeben.')).toBeInTheDocument();
    expect(patches).toEqual([]);

    await user.type(interval, '30');
    await user.click(toggle);
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Zeitplan gespeichert')).toBeInTheDocument();
    expect(screen.queryByText('Bitte eine ganze Zahl zwischen 5 und 1440 eingeben.')).toBeNull();
    await waitFor(() => expect(patches).toEqual([{ schedule: { enabled: true, everyMinutes: 30 } }]));
  });

  test('a saved schedule is what the next visit shows', async () => {
    const first = await renderTab();
    await first.user.click(await screen.findByRole('switch', { name: 'Runs automatisch starten' }));
    await first.user.clear(screen.getByLabelText('Intervall (Minuten)'));
    await first.user.type(screen.getByLabelText('Intervall (Minuten)'), '15');
    await first.user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Zeitplan gespeichert')).toBeInTheDocument();
    first.unmount();

    renderWithProviders(<SourcesTab />);
    expect(await screen.findByRole('switch', { name: 'Runs automatisch starten' })).toBeChecked();
    expect(screen.getByLabelText('Intervall (Minuten)')).toHaveValue(15);
  });
});
