import { render, screen } from '@testing-library/react';
import { Toaster } from 'sonner';
import { clearSecrets, registerSecret } from '@/lib/security/redact';
import { toast } from './toast';

const KEY = 'sk-live-7d6c5b4a3f2e1d0c';

afterEach(() => {
  toast.dismiss();
  clearSecrets();
});

test('a registered key in the title or description of any toast kind never shows; the rest of the text does', async () => {
  registerSecret(KEY);
  render(<Toaster />);
  toast.error(`Fehler mit ${KEY}`, { description: `API request failed with status 401: invalid key ${KEY}` });
  toast.success('Gespeichert', { description: `Schlüssel ${KEY} gespeichert` });
  toast.info(`Info ${KEY}`);
  toast(`Neutral ${KEY}`);
  expect(await screen.findByText('API request failed with status 401: invalid key [REDACTED]')).toBeInTheDocument();
  expect(screen.getByText('Fehler mit [REDACTED]')).toBeInTheDocument();
  expect(screen.getByText('Schlüssel [REDACTED] gespeichert')).toBeInTheDocument();
  expect(screen.getByText('Info [REDACTED]')).toBeInTheDocument();
  expect(screen.getByText('Neutral [REDACTED]')).toBeInTheDocument();
  expect(document.body.textContent).not.toContain(KEY);
});

test('an unregistered bearer token a server echoes is redacted by its shape', async () => {
  render(<Toaster />);
  toast.error('Webhook Fehler', { description: 'HTTP 401: Bearer abc.def-123 abgelehnt' });
  expect(await screen.findByText(/HTTP 401/)).toHaveTextContent('HTTP 401: Bearer [REDACTED] abgelehnt');
  expect(document.body.textContent).not.toContain('abc.def-123');
});
