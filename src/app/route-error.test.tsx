import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { RouteErrorPage } from './route-error';

afterEach(() => vi.restoreAllMocks());

function renderFailing(loader: () => never) {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  const router = createMemoryRouter([{ path: '/', loader, element: <p>never</p>, errorElement: <RouteErrorPage /> }]);
  render(<RouterProvider router={router} />);
}

test('a thrown response shows Unexpected Application Error with status and text', async () => {
  renderFailing(() => {
    throw new Response('gone', { status: 503, statusText: 'Service Unavailable' });
  });
  expect(await screen.findByRole('heading', { name: 'Unexpected Application Error' })).toBeInTheDocument();
  expect(screen.getByText('503 Service Unavailable')).toBeInTheDocument();
});

test('a thrown error shows its message', async () => {
  renderFailing(() => {
    throw new Error('Chunk exploded');
  });
  expect(await screen.findByRole('heading', { name: 'Unexpected Application Error' })).toBeInTheDocument();
  expect(screen.getByText('Chunk exploded')).toBeInTheDocument();
});
