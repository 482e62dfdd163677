import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { getConfig, setConfig } from '@/lib/config';
import { isSignedIn, onOperatorTokenNeeded, setOperatorToken, signedOut } from '@/lib/operator-token';
import { getDemoRole, setDemoRole } from '@/lib/session';
import { acceptSession } from '@/lib/session-flow';
import { server } from '@/mocks/node';
import { UserMenu } from './user-menu';

const original = getConfig();
afterEach(() => {
  // Unmounted first: the role's change would re-render a menu that the test has left.
  cleanup();
  setConfig(original);
  setDemoRole('Admin');
  localStorage.clear();
  setOperatorToken('ende-des-tests-0123456789');
  signedOut();
  sessionStorage.clear();
});

test('„Überall abmelden“ ends every session of the user (with the csrf) and shows the sign-in again', async () => {
  setConfig({ apiMode: 'live', apiBaseUrl: `${location.origin}/api` });
  acceptSession({
    user: { id: 'user-editor', name: 'Mara Schulz', email: 'mara@desk.example', role: 'Editor' },
    via: 'session',
    csrf: 'csrf-menu',
  });
  const calls: string[] = [];
  server.use(
    http.delete('*/api/session', ({ request }) => {
      calls.push(`${new URL(request.url).search} ${request.headers.get('X-Newsdesk-Csrf')}`);
      return new HttpResponse(null, { status: 204 });
    }),
  );
  const needs: string[] = [];
  const unsubscribe = onOperatorTokenNeeded((need) => needs.push(need.reason));
  const user = userEvent.setup();
  render(<UserMenu />);
  const trigger = screen.getByRole('button', { name: 'Benutzermenü: Mara Schulz (Editor)' });
  await user.click(trigger);
  expect(await screen.findByRole('menu')).toHaveTextContent('mara@desk.example');
  expect(screen.queryByText('Demo-Rolle')).toBeNull();
  await user.click(screen.getByRole('menuitem', { name: 'Überall abmelden' }));
  await waitFor(() => expect(needs).toEqual(['missing']));
  expect(calls).toEqual(['?everywhere=true csrf-menu']);
  expect(isSignedIn()).toBe(false);
  unsubscribe();
});

test('the demo picks its role in the menu, marked „Demo-Rolle“; the demo person changes with it', async () => {
  setConfig({ ...original, apiMode: 'mock' });
  const user = userEvent.setup();
  render(<UserMenu />);
  await user.click(screen.getByRole('button', { name: 'Benutzermenü: Administrator (Admin)' }));
  expect(await screen.findByText('Demo-Rolle')).toBeVisible();
  expect(screen.queryByRole('menuitem', { name: 'Abmelden' })).toBeNull();
  await user.click(screen.getByRole('menuitemradio', { name: 'Editor' }));
  expect(getDemoRole()).toBe('Editor');
  expect(localStorage.getItem('newsdesk-demo-role')).toBe('Editor');
  expect(await screen.findByRole('button', { name: 'Benutzermenü: Mara Schulz (Editor)' })).toBeVisible();
});
