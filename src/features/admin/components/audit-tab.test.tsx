import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { server } from '@/mocks/node';
import { recordAudit } from '@/mocks/store/audit';
import { renderWithProviders } from '../../../../tests/render';
import { AuditTab } from './audit-tab';

let urls: URL[] = [];
server.events.on('request:start', ({ request }) => {
  const url = new URL(request.url);
  if (url.pathname.startsWith('/api/audit')) urls.push(url);
});
afterEach(() => {
  urls = [];
  vi.restoreAllMocks();
});

const rows = () =>
  within(screen.getByRole('table', { name: 'Protokoll' }))
    .getAllByRole('row')
    .slice(1);
const lastList = () => urls.filter((u) => u.pathname === '/api/audit').at(-1);

async function captureDownload(click: () => Promise<void>): Promise<{ name: string; text: string }> {
  let blob: Blob | undefined;
  let name = '';
  vi.spyOn(URL, 'createObjectURL').mockImplementation((b) => {
    blob = b as Blob;
    return 'blob:test';
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    name = this.download;
  });
  await click();
  await waitFor(() => expect(blob).toBeDefined());
  return { name, text: await (blob as Blob).text() };
}

describe('Protokoll', () => {
  test('lists the entries newest first with time, who, action, target, summary, address and outcome', async () => {
    renderWithProviders(<AuditTab />);
    const table = await screen.findByRole('table', { name: 'Protokoll' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['Zeit', 'Wer', 'Aktion', 'Ziel', 'Zusammenfassung', 'Adresse', 'Ergebnis']);
    expect(rows()).toHaveLength(20);
    const newest = rows()[0] as HTMLElement;
    expect(within(newest).getByText('Administrator')).toBeInTheDocument();
    expect(within(newest).getByText('auth.signIn')).toBeInTheDocument();
    expect(within(newest).getByText('192.168.1.20')).toBeInTheDocument();
    expect(within(newest).getByText('Erfolgreich')).toBeInTheDocument();
    expect(within(table).getAllByText('Fehlgeschlagen').length).toBeGreaterThan(0);
    expect(within(table).getByText('Abgelehnt')).toBeInTheDocument();
    expect(screen.getByText('1–20 von 20')).toBeInTheDocument();
    expect(lastList()?.searchParams.get('limit')).toBe('50');
    expect(lastList()?.searchParams.get('offset')).toBe('0');
  });

  test('the filters are sent as actor, action, from and to, and narrow the list', async () => {
    const user = userEvent.setup();
    renderWithProviders(<AuditTab />);
    await screen.findByRole('table', { name: 'Protokoll' });
    await user.type(screen.getByLabelText('Wer'), 'Mara');
    await user.type(screen.getByLabelText('Aktion'), 'posts');
    await user.type(screen.getByLabelText('Von'), '2025-03-12');
    await user.type(screen.getByLabelText('Bis'), '2025-03-12');
    await user.click(screen.getByRole('button', { name: 'Filtern' }));
    await waitFor(() => expect(rows()).toHaveLength(2));
    const sent = lastList();
    expect(Object.fromEntries(sent?.searchParams ?? [])).toEqual({
      actor: 'Mara',
      action: 'posts',
      from: '2025-03-12',
      to: '2025-03-12',
      limit: '50',
      offset: '0',
    });
    for (const r of rows()) expect(within(r).getByText('Mara Schulz')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Zurücksetzen' }));
    await waitFor(() => expect(rows()).toHaveLength(20));
    expect(lastList()?.searchParams.has('actor')).toBe(false);
  });

  test('pages by 50 with the total from X-Total-Count', async () => {
    for (let i = 0; i < 40; i++) recordAudit({ action: 'posts.update', summary: `Änderung ${i + 1}` });
    const user = userEvent.setup();
    renderWithProviders(<AuditTab />);
    await screen.findByRole('table', { name: 'Protokoll' });
    expect(rows()).toHaveLength(50);
    expect(screen.getByText('1–50 von 60')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Zurück' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Weiter' }));
    expect(await screen.findByText('51–60 von 60')).toBeInTheDocument();
    await waitFor(() => expect(rows()).toHaveLength(10));
    expect(lastList()?.searchParams.get('offset')).toBe('50');
    expect(screen.getByRole('button', { name: 'Weiter' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Zurück' }));
    expect(await screen.findByText('1–50 von 60')).toBeInTheDocument();
  });

  test('exports the filtered trail as CSV and as JSON', async () => {
    const user = userEvent.setup();
    renderWithProviders(<AuditTab />);
    await screen.findByRole('table', { name: 'Protokoll' });
    const csv = await captureDownload(() => user.click(screen.getByRole('button', { name: 'Als CSV exportieren' })));
    expect(csv.name).toMatch(/^protokoll-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = csv.text.trim().split('\r\n');
    expect(lines[0]).toBe('at,actor,actorKind,action,targetId,summary,address,outcome,status');
    expect(lines).toHaveLength(21);
    vi.restoreAllMocks();

    await user.type(screen.getByLabelText('Wer'), 'Jonas');
    await user.click(screen.getByRole('button', { name: 'Filtern' }));
    await waitFor(() => expect(rows()).toHaveLength(3));
    const json = await captureDownload(() => user.click(screen.getByRole('button', { name: 'Als JSON exportieren' })));
    expect(json.name).toMatch(/^protokoll-\d{4}-\d{2}-\d{2}\.json$/);
    const entries = JSON.parse(json.text) as Array<{ actor: string }>;
    expect(entries.map((e) => e.actor)).toEqual(['Jonas Weber', 'Jonas Weber', 'Jonas Weber']);
    const exported = urls.filter((u) => u.pathname === '/api/audit/export').at(-1);
    expect(exported?.searchParams.get('format')).toBe('json');
    expect(exported?.searchParams.get('actor')).toBe('Jonas');
  });
});
