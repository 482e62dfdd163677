import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LazyPanel, retryableLazy } from './lazy-panel';

test('a panel that cannot load says so in its own frame with Retry, and loads on Retry; the page around it stays', async () => {
  let attempts = 0;
  const Panel = retryableLazy(async () => {
    attempts += 1;
    if (attempts === 1) throw new TypeError('Failed to fetch dynamically imported module: /assets/outbox-panel.js');
    return { default: ({ label }: { label: string }) => <p>{label}</p> };
  });
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  render(
    <main>
      <h1>Social Media</h1>
      <LazyPanel>
        <Panel label="Postausgang geladen" />
      </LazyPanel>
    </main>,
  );
  expect(await screen.findByRole('alert')).toHaveTextContent('Dieser Bereich konnte nicht geladen werden.');
  expect(screen.getByRole('heading', { name: 'Social Media' })).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Erneut versuchen' }));
  expect(await screen.findByText('Postausgang geladen')).toBeInTheDocument();
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  expect(attempts).toBe(2);
});
