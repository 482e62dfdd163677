import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { screenBusy } from '@/lib/idle';
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

test('a panel whose code has loaded draws in the same render, without its skeleton', async () => {
  const Panel = retryableLazy(async () => ({ default: ({ label }: { label: string }) => <p>{label}</p> }));
  await Panel.preload();
  const { container } = render(
    <LazyPanel>
      <Panel label="Formular da" />
    </LazyPanel>,
  );
  // No await: a lazy part would show its skeleton first and its content a task (or React's 300 ms throttle) later.
  expect(screen.getByText('Formular da')).toBeInTheDocument();
  expect(container.querySelector('[data-lazy-panel]')).toBeNull();
});

test('a panel whose code is still loading shows its skeleton, then its content', async () => {
  const Panel = retryableLazy(async () => ({ default: ({ label }: { label: string }) => <p>{label}</p> }));
  const { container } = render(
    <LazyPanel>
      <Panel label="Später da" />
    </LazyPanel>,
  );
  expect(container.querySelector('[data-lazy-panel]')).not.toBeNull();
  expect(await screen.findByText('Später da')).toBeInTheDocument();
});

test('the screen counts as busy while the code of a panel is on its way, and not once the panel is drawn or gone', async () => {
  let arrive: () => void = () => undefined;
  const Panel = retryableLazy(
    () =>
      new Promise<{ default: ({ label }: { label: string }) => React.ReactNode }>((resolve) => {
        arrive = () => resolve({ default: ({ label }) => <p>{label}</p> });
      }),
  );
  const view = render(
    <LazyPanel>
      <Panel label="Schlüssel da" />
    </LazyPanel>,
  );
  expect(screenBusy()).toBe(true);
  arrive();
  expect(await screen.findByText('Schlüssel da')).toBeInTheDocument();
  expect(screenBusy()).toBe(false);

  const Never = retryableLazy(() => new Promise<{ default: () => React.ReactNode }>(() => undefined));
  view.rerender(
    <LazyPanel>
      <Never />
    </LazyPanel>,
  );
  expect(screenBusy()).toBe(true);
  view.unmount();
  expect(screenBusy()).toBe(false);
});
