import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { toast } from 'sonner';
import { db } from '@/db/db';
import { server } from '@/mocks/node';
import { resetStore } from '@/mocks/store';
import { postsStore } from '@/mocks/store/posts';
import { renderWithProviders } from '../../../../tests/render';
import { PostsPage } from './posts-page';

vi.setConfig({ testTimeout: 30_000 });
// The shared test machine is slow; give async queries room.
configure({ asyncUtilTimeout: 5000 });
// The page loads its table lazily; loaded here first so that no wait races the module's first transform.
beforeAll(async () => {
  await import('./posts-table');
});
afterEach(() => {
  vi.restoreAllMocks();
});

beforeEach(() => {
  // sonner keeps toasts in module state across tests; start each test without old ones.
  toast.dismiss();
  // jsdom does no layout: give the virtualized table a viewport so that it renders rows.
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(800);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1200);
});

const counter = (label: string) => screen.getByTestId(`counter-${label}`);
const rows = () => screen.getAllByRole('row').slice(1);
const rowOf = (title: string) => screen.getByText(title, { selector: 'div' }).closest('[role="row"]') as HTMLElement;

async function openMenu(user: ReturnType<typeof userEvent.setup>, title: string) {
  await user.click(within(rowOf(title)).getByRole('button', { name: `Aktionen für ${title}` }));
}

test('counters come from the data: 127 total, 89 published, 23 scheduled, 15 drafts', async () => {
  renderWithProviders(<PostsPage />);
  await waitFor(() => expect(counter('Total Posts')).toHaveTextContent('127'));
  expect(counter('Published')).toHaveTextContent('89');
  expect(counter('Scheduled')).toHaveTextContent('23');
  expect(counter('Drafts')).toHaveTextContent('15');
  expect(await screen.findByText('127 von 127 Posts')).toBeInTheDocument();
});

test('the table has the columns of the spec and a row shows title with category', async () => {
  renderWithProviders(<PostsPage />);
  await screen.findByText('127 von 127 Posts');
  for (const name of ['Title', 'Status', 'Platform', 'Views', 'Engagement', 'Date'])
    expect(screen.getByRole('columnheader', { name })).toBeInTheDocument();
  const first = rows()[0];
  expect(within(first).getAllByRole('cell')).toHaveLength(7);
});

test('Create Post really creates: the new post is listed and the total grows', async () => {
  const user = userEvent.setup();
  renderWithProviders(<PostsPage />);
  await screen.findByText('127 von 127 Posts');
  await user.click(screen.getByRole('button', { name: 'Create Post' }));
  const dialog = await screen.findByRole('dialog');
  await user.click(within(dialog).getByRole('button', { name: 'Create Post' }));
  expect(within(dialog).getByRole('alert')).toHaveTextContent('Bitte geben Sie einen Titel ein.');
  await user.type(within(dialog).getByLabelText('Titel'), 'Mondlandung live');
  await user.clear(within(dialog).getByLabelText('Kategorie'));
  await user.type(within(dialog).getByLabelText('Kategorie'), 'Wissenschaft');
  await user.click(within(dialog).getByRole('button', { name: 'Create Post' }));
  expect(await screen.findByText('Post erstellt')).toBeInTheDocument();
  await waitFor(() => expect(counter('Total Posts')).toHaveTextContent('128'));
  expect(counter('Drafts')).toHaveTextContent('16');
  await user.type(screen.getByLabelText('Posts durchsuchen'), 'Mondlandung');
  expect(rows()).toHaveLength(1);
  expect(within(rows()[0]).getByText('Wissenschaft')).toBeInTheDocument();
});

test('search narrows by title or category and says when nothing matches', async () => {
  const user = userEvent.setup();
  renderWithProviders(<PostsPage />);
  await screen.findByText('127 von 127 Posts');
  await user.type(screen.getByLabelText('Posts durchsuchen'), 'marsmission');
  expect(screen.getByText(/^\d+ von 127 Posts$/).textContent).not.toBe('127 von 127 Posts');
  for (const row of rows()) expect(row).toHaveTextContent(/Marsmission/);
  await user.clear(screen.getByLabelText('Posts durchsuchen'));
  await user.type(screen.getByLabelText('Posts durchsuchen'), 'gibt es nicht');
  expect(screen.getByText('Keine Posts gefunden.')).toBeInTheDocument();
});

test('Filter by status, platform and category', async () => {
  const user = userEvent.setup();
  renderWithProviders(<PostsPage />);
  await screen.findByText('127 von 127 Posts');
  await user.click(screen.getByRole('button', { name: 'Filter' }));
  await user.selectOptions(screen.getByLabelText('Status'), 'scheduled');
  expect(screen.getByText('23 von 127 Posts')).toBeInTheDocument();
  await user.selectOptions(screen.getByLabelText('Status'), 'draft');
  expect(screen.getByText('15 von 127 Posts')).toBeInTheDocument();
  for (const row of rows()) expect(row).toHaveTextContent('Entwurf');
  await user.selectOptions(screen.getByLabelText('Status'), 'all');
  await user.selectOptions(screen.getByLabelText('Plattform'), 'tiktok');
  for (const row of rows()) expect(row).toHaveTextContent('TikTok');
  await user.selectOptions(screen.getByLabelText('Kategorie'), 'Umwelt');
  for (const row of rows()) expect(row).toHaveTextContent('Umwelt');
  expect(screen.getByRole('button', { name: 'Filter (2)' })).toBeInTheDocument();
});

test('Date Range keeps the posts between the two dates', async () => {
  const user = userEvent.setup();
  renderWithProviders(<PostsPage />);
  await screen.findByText('127 von 127 Posts');
  await user.click(screen.getByRole('button', { name: 'Date Range' }));
  // Fixture posts start on 2024-01-15 09:00 UTC, one every 7 hours: three fall on the 15th, three on the 16th.
  await user.type(screen.getByLabelText('Von'), '2024-01-15');
  await user.type(screen.getByLabelText('Bis'), '2024-01-16');
  expect(screen.getByText('6 von 127 Posts')).toBeInTheDocument();
});

test('sorting by a column, both directions', async () => {
  const user = userEvent.setup();
  renderWithProviders(<PostsPage />);
  await screen.findByText('127 von 127 Posts');
  const views = () => rows().map((r) => Number(within(r).getAllByRole('cell')[3].textContent?.replace(/\./g, '')));
  await user.click(screen.getByRole('button', { name: 'Views' }));
  expect(screen.getByRole('columnheader', { name: 'Views' })).toHaveAttribute('aria-sort', 'descending');
  const desc = views();
  expect(desc).toEqual([...desc].sort((a, b) => b - a));
  await user.click(screen.getByRole('button', { name: 'Views' }));
  expect(screen.getByRole('columnheader', { name: 'Views' })).toHaveAttribute('aria-sort', 'ascending');
  expect(views()[0]).toBe(0);
  await user.click(screen.getByRole('button', { name: 'Title' }));
  const titles = rows().map((r) => within(r).getAllByRole('cell')[0].firstChild?.textContent ?? '');
  expect(titles).toEqual([...titles].sort(new Intl.Collator('de').compare));
});

test('Delete asks first; Cancel keeps the post, Delete removes it', async () => {
  const user = userEvent.setup();
  renderWithProviders(<PostsPage />);
  await screen.findByText('127 von 127 Posts');
  await user.type(screen.getByLabelText('Posts durchsuchen'), 'Quantencomputer knackt Rekord');
  const title = 'Quantencomputer knackt Rekord';
  await openMenu(user, title);
  await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
  const confirm = await screen.findByRole('alertdialog');
  expect(confirm).toHaveTextContent('Post löschen?');
  await user.click(within(confirm).getByRole('button', { name: 'Abbrechen' }));
  expect(counter('Total Posts')).toHaveTextContent('127');
  await openMenu(user, title);
  await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
  await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
  expect(await screen.findByText('Post gelöscht')).toBeInTheDocument();
  await waitFor(() => expect(counter('Total Posts')).toHaveTextContent('126'));
  expect(screen.queryByText(title, { selector: 'div' })).not.toBeInTheDocument();
});

test('Preview shows the post, Edit saves a change', async () => {
  const user = userEvent.setup();
  renderWithProviders(<PostsPage />);
  await screen.findByText('127 von 127 Posts');
  const title = 'Hitzewelle in Südeuropa';
  await user.type(screen.getByLabelText('Posts durchsuchen'), title);
  await openMenu(user, title);
  await user.click(await screen.findByRole('menuitem', { name: 'Preview' }));
  const preview = await screen.findByRole('dialog');
  expect(preview).toHaveTextContent('Hitzewelle in Südeuropa: Die wichtigsten Fakten im Überblick.');
  await user.keyboard('{Escape}');
  await openMenu(user, title);
  await user.click(await screen.findByRole('menuitem', { name: 'Edit' }));
  const dialog = await screen.findByRole('dialog');
  expect(within(dialog).getByLabelText('Titel')).toHaveValue(title);
  await user.selectOptions(within(dialog).getByLabelText('Status'), 'review');
  await user.click(within(dialog).getByRole('button', { name: 'Save' }));
  expect(await screen.findByText('Post gespeichert')).toBeInTheDocument();
  await waitFor(() => expect(rowOf(title)).toHaveTextContent('In Prüfung'));
});

test('Edit saves only what was changed: a post published while the dialog was open stays published', async () => {
  const user = userEvent.setup();
  renderWithProviders(<PostsPage />);
  await screen.findByText('127 von 127 Posts');
  const all = postsStore.list();
  const post = all.find((p) => p.status === 'scheduled' && all.filter((q) => q.title === p.title).length === 1);
  if (!post) throw new Error('the sample data has no scheduled post with a title of its own');
  await user.type(screen.getByLabelText('Posts durchsuchen'), post.title);
  await openMenu(user, post.title);
  await user.click(await screen.findByRole('menuitem', { name: 'Edit' }));
  const dialog = await screen.findByRole('dialog');
  expect(within(dialog).getByLabelText('Status')).toHaveValue('scheduled');
  // Meanwhile the schedule sends it out.
  postsStore.update(post.id, { status: 'published' });
  const title = within(dialog).getByLabelText('Titel');
  await user.clear(title);
  await user.type(title, `${post.title} (korrigiert)`);
  await user.click(within(dialog).getByRole('button', { name: 'Save' }));
  expect(await screen.findByText('Post gespeichert')).toBeInTheDocument();
  await waitFor(() => expect(rowOf(`${post.title} (korrigiert)`)).toHaveTextContent('Veröffentlicht'));
  expect(postsStore.get(post.id)).toMatchObject({ title: `${post.title} (korrigiert)`, status: 'published' });
});

test('Share posts to the platform; offline it goes to the outbox', async () => {
  const user = userEvent.setup();
  renderWithProviders(<PostsPage />);
  await screen.findByText('127 von 127 Posts');
  const title = 'Börse: DAX auf Rekordhoch'; // a telegram post (connected)
  await user.type(screen.getByLabelText('Posts durchsuchen'), title);
  await openMenu(user, title);
  await user.click(await screen.findByRole('menuitem', { name: 'Share' }));
  expect(await screen.findByText('Post geteilt')).toBeInTheDocument();
  expect(screen.getByText('Auf Telegram veröffentlicht.')).toBeInTheDocument();

  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  await openMenu(user, title);
  await user.click(await screen.findByRole('menuitem', { name: 'Share' }));
  expect(await screen.findByText('Im Postausgang')).toBeInTheDocument();
  const queued = await db.outbox.toArray();
  expect(queued).toHaveLength(1);
  expect(queued[0]).toMatchObject({ platform: 'telegram', status: 'queued' });
});

test('a second Share of a post while its first is under way sends nothing more', async () => {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  let posted = 0;
  server.use(
    http.post('*/api/social/post/telegram', async () => {
      posted += 1;
      await held;
      // Nothing returned: the demo backend's own handler answers it.
    }),
  );
  const user = userEvent.setup();
  renderWithProviders(<PostsPage />);
  await screen.findByText('127 von 127 Posts');
  const title = 'Börse: DAX auf Rekordhoch';
  await user.type(screen.getByLabelText('Posts durchsuchen'), title);
  await openMenu(user, title);
  await user.click(await screen.findByRole('menuitem', { name: 'Share' }));
  await waitFor(() => expect(posted).toBe(1));
  await openMenu(user, title);
  await user.click(await screen.findByRole('menuitem', { name: 'Share' }));
  expect(await screen.findByText('Dieser Post wird gerade geteilt.')).toBeInTheDocument();
  release();
  expect(await screen.findByText('Post geteilt')).toBeInTheDocument();
  expect(posted).toBe(1);
});

test('a failed load says so and offers to load again', async () => {
  server.use(http.get('*/api/posts', () => HttpResponse.json({ message: 'kaputt' }, { status: 404 })));
  renderWithProviders(<PostsPage />);
  expect(await screen.findByText('Posts konnten nicht geladen werden.')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Erneut laden' })).toBeInTheDocument();
});

test("the 'empty' scenario: no posts, counters at 0, and a hint to create one", async () => {
  resetStore('empty');
  renderWithProviders(<PostsPage />);
  expect(await screen.findByText('Noch keine Posts. Legen Sie mit „Create Post“ den ersten an.')).toBeInTheDocument();
  expect(counter('Total Posts')).toHaveTextContent('0');
  expect(counter('Drafts')).toHaveTextContent('0');
});
