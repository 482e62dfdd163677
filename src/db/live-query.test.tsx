import { render, screen, waitFor } from '@testing-library/react';
import { loadedDatabase } from './lazy';
import { useLiveQuery } from './live-query';
import { DEFAULT_SETTINGS, getSetting, putSetting, type SettingKey } from './settings';

function ObsHost() {
  const obs = useLiveQuery(() => getSetting('obs'), [], null);
  return <p>{obs === null ? 'lädt' : obs.host}</p>;
}

function Setting({ name }: { name: 'obs' | 'videoDefaults' }) {
  const value = useLiveQuery(() => getSetting(name as SettingKey), [name]);
  return <p>{value === undefined ? 'lädt' : JSON.stringify(value)}</p>;
}

test('the first render shows the default without Dexie; then the stored value, and a later write shows at once', async () => {
  const { db } = await import('./db'); // written directly: the lazy path (db/lazy.ts) stays unloaded
  await db.settings.put({ key: 'obs', value: { host: 'studio.local' } });
  render(<ObsHost />);
  expect(screen.getByText('lädt')).toBeInTheDocument();
  expect(loadedDatabase()).toBeUndefined();
  expect(await screen.findByText('studio.local')).toBeInTheDocument();
  expect(loadedDatabase()).toBeDefined();
  await putSetting('obs', { ...DEFAULT_SETTINGS.obs, host: 'obs.example' });
  expect(await screen.findByText('obs.example')).toBeInTheDocument();
});

test('changed deps run the query again', async () => {
  const { rerender } = render(<Setting name="obs" />);
  expect(await screen.findByText(/"port":4455/)).toBeInTheDocument();
  rerender(<Setting name="videoDefaults" />);
  expect(await screen.findByText(/"quality":"1080p"/)).toBeInTheDocument();
});

test('the screen counts as busy until a live query has its first result, and not once it is unmounted', async () => {
  const { screenBusy } = await import('@/lib/idle');
  const { unmount } = render(<ObsHost />);
  expect(screenBusy()).toBe(true);
  expect(await screen.findByText('localhost')).toBeInTheDocument();
  // Released by the effect of the commit that drew the result, which React may run after the DOM has it.
  await waitFor(() => expect(screenBusy()).toBe(false));
  unmount();
  const second = render(<ObsHost />);
  second.unmount();
  expect(screenBusy()).toBe(false);
});
