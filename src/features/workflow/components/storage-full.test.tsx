import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { db } from '@/db/db';
import { lazyPanelsLoaded, renderWithProviders } from '../../../../tests/render';
import { WorkflowPage } from './workflow-page';

afterEach(() => {
  vi.restoreAllMocks();
  toast.dismiss();
});

// Every keystroke's write failed with an unhandled rejection when the storage was full.
// (tests/setup.ts fails a test during which a promise rejection goes unhandled.)
test('storage full while typing a workflow setting: the input stays, a German message says so, the screen counts as unsaved', async () => {
  const user = userEvent.setup();
  renderWithProviders(<WorkflowPage />);
  await user.click(await screen.findByRole('tab', { name: /n8n Setup/ }));
  await lazyPanelsLoaded();
  vi.spyOn(db.settings, 'put').mockRejectedValue(new DOMException('full', 'QuotaExceededError'));
  const topic = screen.getByLabelText('Topic');
  await user.clear(topic);
  await user.type(topic, 'Wahl');
  expect(await screen.findByText('Speicher voll – Eingabe wurde nicht gespeichert.')).toBeInTheDocument();
  expect(topic).toHaveValue('Wahl');
  expect(document.querySelector('[data-unsaved="true"]')).not.toBeNull();
});
