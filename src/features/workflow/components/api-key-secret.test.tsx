import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { listErrors, recordError } from '@/db/error-log';
import { getSetting } from '@/db/settings';
import { listOutbox } from '@/db/outbox';
import { sendOrQueue } from '@/lib/outbox/send';
import { clearSecrets } from '@/lib/security/redact';
import { server } from '@/mocks/node';
import { buildErrorExport } from '@/features/admin/lib/error-export';
import { buildSettingsExport } from '@/features/admin/lib/settings-transfer';
import { lazyPanelsLoaded, renderWithProviders } from '../../../../tests/render';
import { WorkflowPage } from './workflow-page';

afterEach(() => clearSecrets());

// The n8n key was saved (and registered as a secret) on every keystroke, so 'test', 'test1', …
// became "secrets" and a post saying "Latest" went out as "La[REDACTED]".
test('a key typed character by character never rewrites a post; logs and exports still hide the key', async () => {
  const user = userEvent.setup();
  renderWithProviders(<WorkflowPage />);
  await user.click(await screen.findByRole('tab', { name: /n8n Setup/ }));
  await lazyPanelsLoaded();
  const field = screen.getByLabelText('API Key (optional)');
  await user.click(field);
  await user.type(field, 'test1234');
  await user.tab();
  await waitFor(async () => expect((await getSetting('workflowConfig')).apiKey).toBe('test1234'));

  const text = 'Latest: test, test1 und test123 im Studio. Token: abc';
  const received: unknown[] = [];
  server.use(
    http.post('*/api/social/post/facebook', async ({ request }) => {
      received.push(await request.json());
      return HttpResponse.json({ id: 'p-1', platform: 'facebook', status: 'published' });
    }),
  );
  await sendOrQueue('facebook', { title: 'Latest', content: text }, { isOnline: () => true });
  expect(received).toEqual([{ title: 'Latest', content: text }]);

  // Queued while offline: stored exactly as written, so it goes out unchanged later.
  await sendOrQueue('facebook', { title: 'Latest', content: text }, { isOnline: () => false });
  const [queued] = await listOutbox();
  expect(queued.payload).toEqual({ title: 'Latest', content: text });

  // What is logged or exported still never holds the key.
  await recordError({
    service: 'n8n',
    error: 'HTTP 401 mit Bearer test1234 und key test1234',
    context: { note: 'Schlüssel test1234' },
  });
  const logged = JSON.stringify(await listErrors());
  expect(logged).not.toContain('test1234');
  expect(buildErrorExport(await listErrors(), [])).not.toContain('test1234');
  expect(await buildSettingsExport(false)).not.toContain('test1234');
});
