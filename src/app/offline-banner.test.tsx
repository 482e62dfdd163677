import { act, render, screen } from '@testing-library/react';
import { OfflineBanner } from './offline-banner';

function setOnline(online: boolean) {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

afterEach(() => setOnline(true));

test('shows the German offline banner while offline and hides it when back online', () => {
  render(<OfflineBanner />);
  expect(screen.queryByRole('status')).toBeNull();
  act(() => setOnline(false));
  expect(screen.getByRole('status')).toHaveTextContent(
    'Keine Verbindung – Sie sind offline. Die zuletzt geladenen Daten bleiben sichtbar.',
  );
  act(() => setOnline(true));
  expect(screen.queryByRole('status')).toBeNull();
});
