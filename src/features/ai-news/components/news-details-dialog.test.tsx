import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { AiNewsItem } from '@/contract';
import { server } from '@/mocks/node';
import { renderWithProviders } from '../../../../tests/render';
import { NewsDetailsDialog } from './news-details-dialog';

const ITEM: AiNewsItem = {
  id: 'story-7',
  title: 'Bundestag beschließt Gesetz zur Förderung erneuerbarer Energien',
  source: 'Alpha Nachrichten',
  category: 'Politik',
  status: 'published',
  createdAt: '2026-11-20T12:00:00.000Z',
  publishedAt: '2026-11-20T12:30:00.000Z',
  views: 0,
  engagement: 0,
};

const DETAILS = {
  ...ITEM,
  script: 'Der Bundestag hat das Gesetz beschlossen. [1] Die Förderung beginnt im Januar. [2]',
  teaser: 'Der Bundestag hat das Gesetz beschlossen.',
  writtenBy: 'gpt-4o-mini',
  sources: [
    {
      n: 1,
      title: 'Bundestag beschließt Energiegesetz',
      url: 'https://alpha.example/energie',
      sources: ['Alpha Nachrichten', 'Beta Zeitung'],
      publishedAt: '2026-11-20T11:15:00.000Z',
      links: [
        { source: 'Alpha Nachrichten', url: 'https://alpha.example/energie' },
        { source: 'Beta Zeitung', url: 'https://beta.example/bundestag-energie' },
      ],
    },
    {
      n: 2,
      title: 'Förderung ab Januar',
      url: 'https://beta.example/foerderung',
      sources: ['Beta Zeitung'],
      publishedAt: null,
    },
  ],
  runId: 'run-42',
  disclosure: 'Dieser Beitrag wurde mit Hilfe von KI erstellt und von der Redaktion geprüft.',
  publicUrl: 'https://desk.example/news/story-7',
  platforms: [
    { platform: 'telegram', state: 'published', postId: 'p-1', resultId: 'r-1' },
    { platform: 'youtube', state: 'pending' },
    { platform: 'facebook', state: 'failed', reason: 'Facebook hat den Beitrag abgelehnt.' },
    { platform: 'tiktok', state: 'skipped', reason: 'TikTok ist nicht verbunden.' },
  ],
};

function open(item = ITEM) {
  return renderWithProviders(<NewsDetailsDialog item={item} open onOpenChange={() => undefined} />);
}

test('the details show teaser, script, the cited items with links, source names and dates, the author, the disclosure, the public page and the platforms', async () => {
  server.use(
    http.get('*/api/news/:id', ({ params }) =>
      params.id === 'story-7'
        ? HttpResponse.json(DETAILS)
        : HttpResponse.json({ message: 'Meldung nicht gefunden' }, { status: 404 }),
    ),
  );
  open();
  const details = await screen.findByTestId('news-details');
  expect(
    within(details).getByRole('heading', { name: 'Bundestag beschließt Gesetz zur Förderung erneuerbarer Energien' }),
  ).toBeInTheDocument();
  expect(within(details).getByText('Veröffentlicht', { selector: '[data-slot="badge"]' })).toBeInTheDocument();
  const first = await within(details).findByTestId('news-details-source-1');
  expect(
    within(details).getByText('Der Bundestag hat das Gesetz beschlossen. [1] Die Förderung beginnt im Januar. [2]'),
  ).toBeInTheDocument();
  expect(within(details).getByRole('heading', { name: 'Skript' })).toBeInTheDocument();
  expect(within(details).getByRole('heading', { name: 'Quellen' })).toBeInTheDocument();

  const link = within(first).getByRole('link', { name: 'Bundestag beschließt Energiegesetz' });
  expect(link).toHaveAttribute('href', 'https://alpha.example/energie');
  expect(link).toHaveAttribute('target', '_blank');
  expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  expect(first).toHaveTextContent('[1]');
  expect(first).toHaveTextContent('Alpha Nachrichten, Beta Zeitung');
  // Each outlet that carried it with its own report: Beta's is linked; Alpha's is the item's own link above.
  expect(within(first).getByRole('link', { name: 'Beta Zeitung' })).toHaveAttribute(
    'href',
    'https://beta.example/bundestag-energie',
  );
  expect(within(first).queryByRole('link', { name: 'Alpha Nachrichten' })).toBeNull();
  expect(first).toHaveTextContent('20.11.2026');
  const second = within(details).getByTestId('news-details-source-2');
  expect(within(second).getByRole('link', { name: 'Förderung ab Januar' })).toHaveAttribute(
    'href',
    'https://beta.example/foerderung',
  );
  expect(second).toHaveTextContent('Beta Zeitung · ohne Datum');
  // A story filed before the desk kept each outlet's address: the names alone.
  expect(within(second).queryByRole('link', { name: 'Beta Zeitung' })).toBeNull();

  expect(within(details).getByTestId('news-details-written-by')).toHaveTextContent('Geschrieben von: gpt-4o-mini');
  expect(within(details).getByRole('heading', { name: 'KI-Hinweis' })).toBeInTheDocument();
  expect(within(details).getByTestId('news-details-disclosure')).toHaveTextContent(
    'Dieser Beitrag wurde mit Hilfe von KI erstellt und von der Redaktion geprüft.',
  );
  expect(within(details).getByRole('link', { name: 'Öffentliche Seite öffnen' })).toHaveAttribute(
    'href',
    'https://desk.example/news/story-7',
  );

  expect(within(details).getByRole('heading', { name: 'Plattformen' })).toBeInTheDocument();
  expect(within(details).getByTestId('news-details-platform-telegram')).toHaveTextContent('TelegramVeröffentlicht');
  expect(within(details).getByTestId('news-details-platform-youtube')).toHaveTextContent('YouTubeWird gesendet');
  expect(within(details).getByTestId('news-details-platform-facebook')).toHaveTextContent(
    'FacebookFehlgeschlagenFacebook hat den Beitrag abgelehnt.',
  );
  expect(within(details).getByTestId('news-details-platform-tiktok')).toHaveTextContent(
    'TikTokÜbersprungenTikTok ist nicht verbunden.',
  );
});

test('a story without source texts says so; no disclosure, no public page while unpublished', async () => {
  server.use(
    http.get('*/api/news/:id', () =>
      HttpResponse.json({
        ...DETAILS,
        status: 'review',
        publishedAt: null,
        script: '',
        teaser: '',
        sources: [],
        disclosure: null,
        publicUrl: null,
        platforms: [],
      }),
    ),
  );
  open({ ...ITEM, status: 'review', publishedAt: null });
  const details = await screen.findByTestId('news-details');
  expect(
    await within(details).findByText('Für diese Beispielmeldung liegen keine Quelltexte vor.'),
  ).toBeInTheDocument();
  expect(within(details).getByText('In Prüfung', { selector: '[data-slot="badge"]' })).toBeInTheDocument();
  expect(within(details).queryByRole('heading', { name: 'Skript' })).toBeNull();
  expect(within(details).queryByTestId('news-details-disclosure')).toBeNull();
  expect(within(details).queryByRole('link', { name: 'Öffentliche Seite öffnen' })).toBeNull();
});

test('a failed load says so and loads again on Erneut laden', async () => {
  let calls = 0;
  server.use(
    http.get('*/api/news/:id', () => {
      calls += 1;
      return calls === 1
        ? HttpResponse.json({ message: 'Meldung nicht gefunden' }, { status: 404 })
        : HttpResponse.json(DETAILS);
    }),
  );
  const user = userEvent.setup();
  open();
  const details = await screen.findByTestId('news-details');
  const alert = await within(details).findByRole('alert');
  expect(alert).toHaveTextContent('Details konnten nicht geladen werden.');
  await user.click(within(alert).getByRole('button', { name: 'Erneut laden' }));
  expect(await within(details).findByTestId('news-details-source-1')).toBeInTheDocument();
  expect(calls).toBe(2);
});

test('who approved a story is shown when the desk knows it, and nothing when not', async () => {
  let approvedBy: string | null = 'Mara Schulz';
  server.use(http.get('*/api/news/:id', () => HttpResponse.json({ ...DETAILS, approvedBy })));
  const { unmount } = open();
  expect(await screen.findByTestId('news-details-approved-by')).toHaveTextContent('Freigegeben von Mara Schulz');
  unmount();
  approvedBy = null;
  open();
  await screen.findByTestId('news-details-source-1');
  expect(screen.queryByText(/Freigegeben von/)).toBeNull();
});
