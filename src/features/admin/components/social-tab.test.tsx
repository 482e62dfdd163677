import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { putSetting } from '@/db/settings';
import { server } from '@/mocks/node';
import { renderWithProviders } from '../../../../tests/render';
import { SocialTab } from './social-tab';

const HOOK = 'https://hooks.example.test/webhook/tiktok';

interface FakePopup {
  opener: unknown;
  location: { href: string };
}

function stubPopup(): { open: ReturnType<typeof vi.fn>; popup: FakePopup } {
  const popup: FakePopup = { opener: window, location: { href: 'about:blank' } };
  const open = vi.fn(() => popup as unknown as Window);
  vi.spyOn(window, 'open').mockImplementation(open);
  return { open, popup };
}

function post(data: unknown) {
  const channel = new BroadcastChannel('newsdesk-oauth');
  channel.postMessage(data);
  channel.close();
}

/**
 * Posts the messages in order from one sender, then a failure for a state the page did issue (Instagram's): a channel
 * delivers one sender's messages in order, so once that failure's toast shows, the page has handled all before it.
 */
async function postThenBarrier(messages: unknown[], barrierState: string) {
  const failures = () => screen.queryAllByText('Verbindung mit Instagram fehlgeschlagen.').length;
  const before = failures();
  const channel = new BroadcastChannel('newsdesk-oauth');
  for (const data of messages) channel.postMessage(data);
  channel.postMessage({ provider: 'instagram', state: barrierState, status: 'error' });
  channel.close();
  await waitFor(() => expect(failures()).toBe(before + 1));
}

async function issuedState(user: ReturnType<typeof userEvent.setup>, popup: FakePopup, name: string): Promise<string> {
  await user.click(await screen.findByRole('button', { name: `Connect ${name} with OAuth` }));
  return new URL(popup.location.href).searchParams.get('state') ?? '';
}

afterEach(() => {
  vi.restoreAllMocks();
  sessionStorage.clear();
});

describe('Social Media tab', () => {
  test('shows a connection card per platform', async () => {
    renderWithProviders(<SocialTab />);
    for (const name of ['Facebook Page', 'YouTube Channel', 'Telegram Bot', 'Instagram', 'TikTok']) {
      expect(await screen.findByRole('heading', { name })).toBeInTheDocument();
    }
    expect(within(screen.getByTestId('platform-facebook')).getByText('Connected')).toBeInTheDocument();
    expect(within(screen.getByTestId('platform-instagram')).getByText('Disconnected')).toBeInTheDocument();
  });

  test('OAuth connect opens a 600 × 400 popup without our window as opener, to our callback with a state in mock mode', async () => {
    const { open, popup } = stubPopup();
    const user = userEvent.setup();
    renderWithProviders(<SocialTab />);
    await user.click(await screen.findByRole('button', { name: 'Connect Instagram with OAuth' }));
    expect(open).toHaveBeenCalledTimes(1);
    const [url, name, features] = open.mock.calls[0] as unknown as [string, string, string];
    expect(url).toBe('about:blank');
    expect(name).toBe('newsdesk-oauth-instagram');
    expect(features).toContain('width=600');
    expect(features).toContain('height=400');
    expect(popup.opener).toBeNull();
    const target = new URL(popup.location.href);
    expect(target.origin).toBe(window.location.origin);
    expect(target.pathname).toBe('/auth/callback.html');
    expect(target.searchParams.get('provider')).toBe('instagram');
    expect(target.searchParams.get('state')).toMatch(/^[0-9a-f-]{36}$/);
  });

  test('the result with the matching state connects the platform; a foreign state is ignored', async () => {
    const { popup } = stubPopup();
    const user = userEvent.setup();
    renderWithProviders(<SocialTab />);
    const state = await issuedState(user, popup, 'TikTok');

    await postThenBarrier(
      [
        { provider: 'tiktok', state: 'forged-state', status: 'success' },
        { provider: 'instagram', state, status: 'success' },
      ],
      await issuedState(user, popup, 'Instagram'),
    );
    expect(within(screen.getByTestId('platform-tiktok')).getByText('Disconnected')).toBeInTheDocument();
    expect(within(screen.getByTestId('platform-instagram')).getByText('Disconnected')).toBeInTheDocument();

    await act(async () => {
      post({ provider: 'tiktok', state, status: 'success', access_token: 'never-read' });
    });
    expect(await screen.findByText('TikTok verbunden')).toBeInTheDocument();
    await waitFor(() =>
      expect(within(screen.getByTestId('platform-tiktok')).getByText('Connected')).toBeInTheDocument(),
    );
    expect(document.body.textContent).not.toContain('never-read');

    // A state is used once: replaying it does nothing more.
    await postThenBarrier(
      [{ provider: 'tiktok', state, status: 'success' }],
      await issuedState(user, popup, 'Instagram'),
    );
    expect(screen.getAllByText('TikTok verbunden')).toHaveLength(1);
  });

  test('a refusal from the provider says so in German', async () => {
    const { popup } = stubPopup();
    const user = userEvent.setup();
    renderWithProviders(<SocialTab />);
    await user.click(await screen.findByRole('button', { name: 'Connect Instagram with OAuth' }));
    const state = new URL(popup.location.href).searchParams.get('state');
    await act(async () => {
      post({ provider: 'instagram', state, status: 'error' });
    });
    expect(await screen.findByText('Verbindung mit Instagram fehlgeschlagen.')).toBeInTheDocument();
  });

  test('a blocked popup gives the German hint', async () => {
    vi.spyOn(window, 'open').mockReturnValue(null);
    const user = userEvent.setup();
    renderWithProviders(<SocialTab />);
    await user.click(await screen.findByRole('button', { name: 'Connect Instagram with OAuth' }));
    expect(
      await screen.findByText(
        'Das Popup wurde blockiert. Bitte erlauben Sie Popups für diese Seite und versuchen Sie es erneut.',
      ),
    ).toBeInTheDocument();
  });

  test('the automation-based TikTok connect posts to the configured workflow webhook', async () => {
    const bodies: Array<Record<string, unknown>> = [];
    server.use(
      http.post(HOOK, async ({ request }) => {
        bodies.push((await request.json()) as Record<string, unknown>);
        return HttpResponse.json({ ok: true });
      }),
    );
    await putSetting('system', { autoUpdates: true, debugMode: false, workflowWebhookUrl: HOOK });
    const user = userEvent.setup();
    renderWithProviders(<SocialTab />);
    await user.click(await screen.findByRole('button', { name: 'Connect via automation' }));
    expect(await screen.findByText('TikTok-Verbindung über die Automation angefordert')).toBeInTheDocument();
    expect(bodies).toHaveLength(1);
    expect(bodies[0]).toMatchObject({ action: 'connect', platform: 'tiktok' });
  });

  test('a failing automation webhook is reported', async () => {
    server.use(http.post(HOOK, () => new HttpResponse(null, { status: 502 })));
    await putSetting('system', { autoUpdates: true, debugMode: false, workflowWebhookUrl: HOOK });
    const user = userEvent.setup();
    renderWithProviders(<SocialTab />);
    await user.click(await screen.findByRole('button', { name: 'Connect via automation' }));
    expect(await screen.findByText('TikTok-Verbindung über die Automation fehlgeschlagen.')).toBeInTheDocument();
  });
});

describe('public/auth/callback.html and callback.js', () => {
  test('posts only {provider, state, status} on newsdesk-oauth, drops the code from the address and closes', async () => {
    const html = readFileSync(resolve(process.cwd(), 'public/auth/callback.html'), 'utf8');
    // No inline script (the page's CSP allows only 'self'): it loads its script file.
    expect(html).toContain('<script src="/auth/callback.js"></script>');
    expect(html).toMatch(
      /<meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'self' 'report-sample';/,
    );
    const script = readFileSync(resolve(process.cwd(), 'public/auth/callback.js'), 'utf8');
    expect(script).not.toBe('');
    const original = window.location.href;
    window.history.pushState(null, '', '/auth/callback.html?provider=instagram&state=s-1&code=SECRET-CODE-123');
    const received: unknown[] = [];
    const channel = new BroadcastChannel('newsdesk-oauth');
    channel.onmessage = (e: MessageEvent) => received.push(e.data);
    const close = vi.spyOn(window, 'close').mockImplementation(() => undefined);
    document.body.innerHTML = '<p id="msg"></p>';
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    new Function(script)();
    vi.advanceTimersByTime(400);
    vi.useRealTimers();
    await waitFor(() => expect(received).toHaveLength(1));
    channel.close();
    expect(received[0]).toEqual({ provider: 'instagram', state: 's-1', status: 'success' });
    expect(window.location.search).toBe('');
    expect(close).toHaveBeenCalled();
    window.history.pushState(null, '', original);
  });
});
