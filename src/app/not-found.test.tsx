import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { createRoutes } from './router';

afterEach(() => vi.restoreAllMocks());

test('an unknown path shows the 404 text, a Return to Home link to / and logs the path', async () => {
  const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  const router = createMemoryRouter(createRoutes(), { initialEntries: ['/no/such/page'] });
  render(<RouterProvider router={router} />);
  expect(await screen.findByText('Oops! Page not found')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
  expect(log.mock.calls.some((args) => args.some((a) => String(a).includes('/no/such/page')))).toBe(true);
});

test('an unknown path under /dashboard is a 404 too', async () => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  const router = createMemoryRouter(createRoutes(), { initialEntries: ['/dashboard/nope'] });
  render(<RouterProvider router={router} />);
  expect(await screen.findByText('Oops! Page not found')).toBeInTheDocument();
});
