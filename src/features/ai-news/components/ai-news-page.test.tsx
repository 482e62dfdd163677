import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { toast } from 'sonner';
import { db } from '@/db/db';
import { server } from '@/mocks/node';
import { renderWithProviders } from '../../../../tests/render';
import { AiNewsPage } from './ai-news-page';

vi.setConfig({ testTimeout: 30_000 });
// The shared test machine is slow; give async queries room.
configure({ asyncUtilTimeout: 5000 });
beforeEach(() => {
  toast.dismiss();
  // jsdom does no layout: give the virtualized list a viewport so that it renders rows.
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(800);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1200);
});
afterEach(() => {
  vi.restoreAllMocks();
});

const rowOf = (title: string) =>
  screen.getByText(title, { selector: '[role="cell"]' }).closest('[role="row"]') as HTMLElement;

async function setup() {
  const user = userEvent.setup();
  renderWithProviders(<AiNewsPage />);
  await screen.findAllByTestId('news-row');
  return user;
}

async function menuItems(user: ReturnType<typeof userEvent.setup>, title: string) {
  await user.click(within(rowOf(title)).getByRole('button', { name: `Aktionen für ${title}` }));
  const menu = await screen.findByRole('menu');
  return within(menu)
    .queryAllByRole('menuitem')
    .map((i) => i.textContent);
}

test('filters default to "Alle Quellen", "Alle Kategorien" and "Alle Status" and offer the spec values', async () => {
  await setup();
  const source = screen.getByLabelText('Quelle');
  const category = screen.getByLabelText('Kategorie');
  const status = screen.getByLabelText('Status');
  expect(within(source).getByRole('option', { selected: true })).toHaveTextContent('Alle Quellen');
  expect(within(category).getByRole('option', { selected: true })).toHaveTextContent('Alle Kategorien');
  expect(within(status).getByRole('option', { selected: true })).toHaveTextContent('Alle Status');
  // The sources the demo's stories carry, in German alphabetical order.
  expect(
    within(source)
      .getAllByRole('option')
      .map((o) => o.textContent),
  ).toEqual(['Alle Quellen', 'Bloomberg', 'Medical News', 'NASA', 'Reuters', 'Tech News']);
  expect(
    within(category)
      .getAllByRole('option')
      .map((o) => o.textContent),
  ).toEqual(['Alle Kategorien', 'Technologie', 'Umwelt', 'Wirtschaft', 'Wissenschaft', 'Gesundheit']);
  expect(
    within(status)
      .getAllByRole('option')
      .map((o) => (o as HTMLOptionElement).value),
  ).toEqual(['all', 'published', 'scheduled', 'draft', 'review', 'failed', 'rejected']);
  expect(within(status).getByRole('option', { name: 'Abgelehnt' })).toHaveValue('rejected');
  expect(screen.getAllByTestId('news-row')).toHaveLength(15);
  expect(screen.getByTestId('news-count')).toHaveTextContent('15 von 15 Meldungen');
});

test('filtering by source, category and status', async () => {
  const user = await setup();
  await user.selectOptions(screen.getByLabelText('Quelle'), 'NASA');
  for (const row of screen.getAllByTestId('news-row')) expect(row).toHaveTextContent('NASA');
  await user.selectOptions(screen.getByLabelText('Quelle'), 'all');
  await user.selectOptions(screen.getByLabelText('Kategorie'), 'Gesundheit');
  for (const row of screen.getAllByTestId('news-row')) expect(row).toHaveTextContent('Gesundheit');
  await user.selectOptions(screen.getByLabelText('Kategorie'), 'all');
  await user.selectOptions(screen.getByLabelText('Status'), 'failed');
  expect(screen.getAllByTestId('news-row')).toHaveLength(3);
  for (const row of screen.getAllByTestId('news-row')) expect(row).toHaveTextContent('Fehlgeschlagen');
});

test('the row menu offers Publish only on drafts and stories in review and Retry only on failed rows', async () => {
  const user = await setup();
  expect(await menuItems(user, 'Notenbank senkt überraschend die Zinsen')).toEqual(expect.arrayContaining(['Publish'])); // draft
  await user.keyboard('{Escape}');
  expect(await menuItems(user, 'Notenbank senkt überraschend die Zinsen')).not.toContain('Retry');
  await user.keyboard('{Escape}');
  const failed = await menuItems(user, 'Bluttest erkennt Krebs im Frühstadium');
  expect(failed).toContain('Retry');
  expect(failed).not.toContain('Publish');
  await user.keyboard('{Escape}');
  const published = await menuItems(user, 'Neuer KI-Chip halbiert den Stromverbrauch');
  expect(published).not.toContain('Publish');
  expect(published).not.toContain('Retry');
});

test('a story in review offers Details, Publish and Reject; a draft no Reject', async () => {
  const user = await setup();
  expect(rowOf('Sonde erreicht den Jupitermond Europa')).toHaveTextContent('In Prüfung');
  expect(await menuItems(user, 'Sonde erreicht den Jupitermond Europa')).toEqual(['Details', 'Publish', 'Reject']);
  await user.keyboard('{Escape}');
  expect(await menuItems(user, 'Notenbank senkt überraschend die Zinsen')).toEqual(['Details', 'Publish']);
  await user.keyboard('{Escape}');
  expect(await menuItems(user, 'Bluttest erkennt Krebs im Frühstadium')).toEqual(['Details', 'Retry']);
  await user.keyboard('{Escape}');
  expect(await menuItems(user, 'Neuer KI-Chip halbiert den Stromverbrauch')).toEqual(['Details']);
});

test('Reject sends POST /news/{id}/reject, says so and shows the story as Abgelehnt', async () => {
  const calls: string[] = [];
  server.events.on('request:start', ({ request }) => {
    if (request.method === 'POST') calls.push(new URL(request.url).pathname);
  });
  const user = await setup();
  const title = 'Sonde erreicht den Jupitermond Europa';
  await menuItems(user, title);
  await user.click(screen.getByRole('menuitem', { name: 'Reject' }));
  expect(await screen.findByText('Meldung abgelehnt')).toBeInTheDocument();
  expect(screen.getByText('„Sonde erreicht den Jupitermond Europa“ wird nicht veröffentlicht.')).toBeInTheDocument();
  await waitFor(() => expect(rowOf(title)).toHaveTextContent('Abgelehnt'));
  expect(calls).toEqual(['/api/news/news-4/reject']);
  expect(await menuItems(user, title)).toEqual(['Details']);
  server.events.removeAllListeners();
});

test("a refused Reject shows the server's reason and keeps the story in review", async () => {
  server.use(
    http.post('*/api/news/:id/reject', () =>
      HttpResponse.json({ message: 'Nur Meldungen in Prüfung können abgelehnt werden.' }, { status: 409 }),
    ),
  );
  const user = await setup();
  const title = 'Sonde erreicht den Jupitermond Europa';
  await menuItems(user, title);
  await user.click(screen.getByRole('menuitem', { name: 'Reject' }));
  expect(await screen.findByText('Ablehnen fehlgeschlagen')).toBeInTheDocument();
  expect(
    screen.getByText('API request failed with status 409: Nur Meldungen in Prüfung können abgelehnt werden.'),
  ).toBeInTheDocument();
  expect(rowOf(title)).toHaveTextContent('In Prüfung');
  await waitFor(async () =>
    expect((await db.errorLog.toArray()).map((e) => e.operation)).toEqual([
      { kind: 'api.call', args: { id: 'news.reject', params: { id: 'news-4' } } },
    ]),
  );
});

test('Publish takes a story in review to published', async () => {
  const user = await setup();
  const title = 'Webb-Teleskop fotografiert junge Galaxie';
  expect(rowOf(title)).toHaveTextContent('In Prüfung');
  await menuItems(user, title);
  await user.click(screen.getByRole('menuitem', { name: 'Publish' }));
  expect(
    await screen.findByText('„Webb-Teleskop fotografiert junge Galaxie“ ist jetzt veröffentlicht.'),
  ).toBeInTheDocument();
  await waitFor(() => expect(rowOf(title)).toHaveTextContent('Veröffentlicht'));
});

test("Details opens the story's script and the items it cites, from the demo sources", async () => {
  const user = await setup();
  await menuItems(user, 'Webb-Teleskop fotografiert junge Galaxie');
  await user.click(screen.getByRole('menuitem', { name: 'Details' }));
  const details = await screen.findByTestId('news-details');
  expect(
    within(details).getByRole('heading', { name: 'Webb-Teleskop fotografiert junge Galaxie' }),
  ).toBeInTheDocument();
  const first = await within(details).findByTestId('news-details-source-1');
  expect(
    within(first).getByRole('link', { name: 'Webb-Teleskop fotografiert die bisher fernste Galaxie' }),
  ).toHaveAttribute('href', 'https://articles.newsdesk.example/webb-galaxie');
  expect(first).toHaveTextContent('NASA');
  expect(
    within(details).getByText(/Webb-Teleskop fotografiert die bisher fernste Galaxie\. \[1\]/),
  ).toBeInTheDocument();
  expect(within(details).getByTestId('news-details-written-by')).toHaveTextContent(
    'Geschrieben von: Automatisch zusammengefasst (ohne KI)',
  );
  expect(within(details).queryByTestId('news-details-disclosure')).toBeNull();
  // After Publish, the open details show the disclosure and where the story went.
  await user.keyboard('{Escape}');
  await menuItems(user, 'Webb-Teleskop fotografiert junge Galaxie');
  await user.click(screen.getByRole('menuitem', { name: 'Publish' }));
  await waitFor(() => expect(rowOf('Webb-Teleskop fotografiert junge Galaxie')).toHaveTextContent('Veröffentlicht'));
  await menuItems(user, 'Webb-Teleskop fotografiert junge Galaxie');
  await user.click(screen.getByRole('menuitem', { name: 'Details' }));
  const published = await screen.findByTestId('news-details');
  expect(await within(published).findByTestId('news-details-disclosure')).toHaveTextContent(
    'Dieser Beitrag wurde mit Hilfe von KI aus den genannten Quellen erstellt und von der Redaktion geprüft.',
  );
  expect(within(published).getByTestId('news-details-platform-instagram')).toHaveTextContent(
    'InstagramÜbersprungenInstagram ist nicht verbunden.',
  );
  expect(within(published).getByTestId('news-details-platform-telegram')).toHaveTextContent('TelegramVeröffentlicht');
});

test("the source filter lists the sources of the desk's stories, sorted, not a fixed list", async () => {
  const story = (id: string, source: string) => ({
    id,
    title: `Meldung ${id}`,
    source,
    category: 'Politik',
    status: 'review',
    createdAt: '2026-11-20T12:00:00.000Z',
    publishedAt: null,
    views: 0,
    engagement: 0,
  });
  server.use(
    http.get('*/api/news', () =>
      HttpResponse.json([
        story('a', 'Zeit Online'),
        story('b', 'Ärzteblatt'),
        story('c', 'Alpha Nachrichten'),
        story('d', 'Zeit Online'),
        story('e', 'Beta Zeitung'),
      ]),
    ),
  );
  const user = await setup();
  const source = screen.getByLabelText('Quelle');
  expect(
    within(source)
      .getAllByRole('option')
      .map((o) => o.textContent),
  ).toEqual(['Alle Quellen', 'Alpha Nachrichten', 'Ärzteblatt', 'Beta Zeitung', 'Zeit Online']);
  await user.selectOptions(source, 'Zeit Online');
  expect(screen.getAllByTestId('news-row')).toHaveLength(2);
  expect(screen.getByTestId('news-count')).toHaveTextContent('2 von 5 Meldungen');
});

test('Publish changes a draft to published and the list updates', async () => {
  const user = await setup();
  const title = 'Notenbank senkt überraschend die Zinsen';
  expect(rowOf(title)).toHaveTextContent('Entwurf');
  await menuItems(user, title);
  await user.click(screen.getByRole('menuitem', { name: 'Publish' }));
  expect(
    await screen.findByText('„Notenbank senkt überraschend die Zinsen“ ist jetzt veröffentlicht.'),
  ).toBeInTheDocument();
  await waitFor(() => expect(rowOf(title)).toHaveTextContent('Veröffentlicht'));
});

test('Retry changes a failed item back to a draft', async () => {
  const user = await setup();
  const title = 'Bluttest erkennt Krebs im Frühstadium';
  await menuItems(user, title);
  await user.click(screen.getByRole('menuitem', { name: 'Retry' }));
  expect(await screen.findByText('Erneut erzeugt')).toBeInTheDocument();
  await waitFor(() => expect(rowOf(title)).toHaveTextContent('Entwurf'));
});

test('a failing Publish shows the error, keeps the status and records it in the error log', async () => {
  server.use(
    http.post('*/api/news/:id/publish', () => HttpResponse.json({ message: 'Quelle gesperrt' }, { status: 403 })),
  );
  const user = await setup();
  const title = 'Notenbank senkt überraschend die Zinsen';
  await menuItems(user, title);
  await user.click(screen.getByRole('menuitem', { name: 'Publish' }));
  expect(await screen.findByText('Veröffentlichung fehlgeschlagen')).toBeInTheDocument();
  expect(screen.getByText('API request failed with status 403: Quelle gesperrt')).toBeInTheDocument();
  expect(rowOf(title)).toHaveTextContent('Entwurf');
  await waitFor(async () => expect(await db.errorLog.count()).toBe(1));
  const [entry] = await db.errorLog.toArray();
  expect(entry).toMatchObject({ service: 'news', operation: { kind: 'api.call', args: { id: 'news.publish' } } });
});

test("Generate News creates a draft from the sources' items through POST /news/generate; a topic none carries is refused", async () => {
  let body: unknown;
  server.events.on('request:start', async ({ request }) => {
    if (request.url.endsWith('/news/generate')) body = await request.clone().json();
  });
  const user = await setup();
  await user.click(screen.getByRole('button', { name: 'Generate News' }));
  const dialog = await screen.findByRole('dialog');
  await user.click(within(dialog).getByRole('button', { name: 'Generate' }));
  expect(within(dialog).getByRole('alert')).toHaveTextContent('Bitte geben Sie ein Thema ein.');
  await user.type(within(dialog).getByLabelText('Thema'), 'Solarrekord in Bayern');
  await user.click(within(dialog).getByRole('button', { name: 'Generate' }));
  expect(
    await screen.findByText('Keine aktuelle Meldung zum Thema „Solarrekord in Bayern“ gefunden.'),
  ).toBeInTheDocument();
  await user.clear(within(dialog).getByLabelText('Thema'));
  await user.type(within(dialog).getByLabelText('Thema'), 'Grippeimpfstoff');
  await user.click(within(dialog).getByRole('button', { name: 'Generate' }));
  expect(await screen.findByText('News generiert')).toBeInTheDocument();
  // The list draws the new item in its deferred render, just after the toast; its title and source are the item's.
  await waitFor(() =>
    expect(rowOf('Neuer Grippeimpfstoff schützt gegen mehrere Varianten')).toHaveTextContent('Entwurf'),
  );
  expect(rowOf('Neuer Grippeimpfstoff schützt gegen mehrere Varianten')).toHaveTextContent('Medical News');
  expect(body).toEqual({ topic: 'Grippeimpfstoff', language: 'en' });
  server.events.removeAllListeners();
});

test('10,000 items: only the rows in view are in the DOM, and the search filters all of them', async () => {
  const many = Array.from({ length: 10_000 }, (_, i) => ({
    id: `bulk-${i}`,
    title: i % 1000 === 7 ? `Klimagipfel Nummer ${i}` : `Meldung ${i}`,
    source: 'Reuters',
    category: 'Umwelt',
    status: i % 2 ? 'draft' : 'failed',
    createdAt: new Date(Date.UTC(2024, 0, 1) + i * 60_000).toISOString(),
    publishedAt: null,
    views: 0,
    engagement: 0,
  }));
  server.use(http.get('*/api/news', () => HttpResponse.json(many)));
  const user = await setup();
  expect(screen.getByTestId('news-count')).toHaveTextContent('10000 von 10000 Meldungen');
  const rendered = screen.getAllByTestId('news-row').length;
  expect(rendered).toBeGreaterThan(5);
  expect(rendered).toBeLessThan(60);
  expect(screen.getByRole('table', { name: 'AI News' })).toHaveAttribute('aria-rowcount', '10001');
  await user.type(screen.getByLabelText('News durchsuchen'), 'Klimagipfel');
  await waitFor(() => expect(screen.getByTestId('news-count')).toHaveTextContent('10 von 10000 Meldungen'));
  expect(screen.getAllByTestId('news-row')).toHaveLength(10);
  for (const row of screen.getAllByTestId('news-row')) expect(row).toHaveTextContent('Klimagipfel Nummer');
});
