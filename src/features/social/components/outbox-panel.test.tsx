import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { db } from '@/db/db';
import { enqueuePost, OUTBOX_TTL_MS } from '@/db/outbox';
import { drainOutbox } from '@/lib/outbox/drain';
import { createMemoryLockManager } from '@/lib/outbox/locks';
import { renderWithProviders } from '../../../../tests/render';
import { OutboxBadge } from '@/app/outbox-badge';
import { OutboxPanel } from './outbox-panel';

beforeEach(() => {
  toast.dismiss();
});

// An expired post dropped out of the badge and nobody was told.
test('a post that expires while the outbox is open stays listed as Abgelaufen, counted in the badge, with Erneut senden and Verwerfen', async () => {
  const user = userEvent.setup();
  const t0 = Date.now() - OUTBOX_TTL_MS - 60_000;
  const a = await enqueuePost({ platform: 'telegram', payload: { content: 'Zu lange gewartet' }, now: t0 });
  const b = await enqueuePost({ platform: 'facebook', payload: { content: 'Auch zu lange' }, now: t0 });
  renderWithProviders(
    <>
      <OutboxPanel />
      <OutboxBadge />
    </>,
  );
  const entryOf = async (text: string) =>
    (await screen.findAllByTestId('outbox-entry')).find((e) => e.textContent?.includes(text)) as HTMLElement;
  expect(await entryOf('Zu lange gewartet')).toHaveTextContent('In Warteschlange');

  const send = vi.fn(async () => undefined);
  const result = await drainOutbox({ locks: createMemoryLockManager(), isOnline: () => true, send });
  expect(send).not.toHaveBeenCalled();
  expect(result.expired).toBe(2);
  await waitFor(async () => expect(await entryOf('Zu lange gewartet')).toHaveTextContent('Abgelaufen'));
  expect(screen.getByRole('link', { name: '2 Posts im Postausgang' })).toBeInTheDocument();

  const first = await entryOf('Zu lange gewartet');
  await user.click(within(first).getByRole('button', { name: 'Erneut senden' }));
  await waitFor(async () => expect((await db.outbox.get(a.id))?.status).toBe('queued'));
  const resent = await db.outbox.get(a.id);
  expect(resent?.idempotencyKey).toBe(a.idempotencyKey);
  expect(resent?.expiresAt).toBeGreaterThan(Date.now());

  await user.click(within(await entryOf('Auch zu lange')).getByRole('button', { name: 'Verwerfen' }));
  await waitFor(async () => expect(await db.outbox.get(b.id)).toBeUndefined());
});

test('Jetzt senden says how many queued posts went out', async () => {
  const user = userEvent.setup();
  await enqueuePost({ platform: 'telegram', payload: { content: 'Eins' } });
  await enqueuePost({ platform: 'facebook', payload: { content: 'Zwei' } });
  renderWithProviders(<OutboxPanel />);
  await screen.findAllByTestId('outbox-entry');
  await user.click(screen.getByRole('button', { name: 'Jetzt senden' }));
  expect(await screen.findByText('2 Posts aus der Warteschlange gesendet')).toBeInTheDocument();
});
