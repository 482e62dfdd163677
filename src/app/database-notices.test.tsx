import { render, screen } from '@testing-library/react';
import Dexie from 'dexie';
import { fireEvent } from '@testing-library/react';
import { Toaster } from 'sonner';
import { db } from '@/db/db';
import { DatabaseNotices } from './database-notices';

afterEach(async () => {
  // Back to the app's schema for the next tests (tests/setup.ts clears its tables).
  db.close();
  await Dexie.delete(db.name);
  await db.open();
});

/** Renders the notices with a toaster and resolves once they watch the database. */
async function renderWatching(reload: () => void = () => undefined): Promise<void> {
  let watching!: () => void;
  const ready = new Promise<void>((resolve) => (watching = resolve));
  render(
    <>
      <DatabaseNotices reload={reload} onWatching={watching} />
      <Toaster />
    </>,
  );
  await ready;
}

test('a newer tab upgrading the database: this tab says so in German and offers a reload', async () => {
  await db.open();
  const reload = vi.fn();
  await renderWatching(reload);
  const newer = new Dexie(db.name);
  newer.version(1).stores({
    errorLog: '++id, timestamp, service, resolved',
    outbox: 'id, status, createdAt, idempotencyKey',
    settings: 'key',
    prompts: 'id, createdAt, category',
  });
  newer.version(2).stores({ drafts: 'id' });
  await newer.open();
  expect(
    await screen.findByText('Die Datenbank wurde in einem anderen Tab aktualisiert. Bitte laden Sie die Seite neu.'),
  ).toBeInTheDocument();
  expect(db.isOpen()).toBe(false);
  fireEvent.click(screen.getByRole('button', { name: 'Neu laden' }));
  expect(reload).toHaveBeenCalledTimes(1);
  newer.close();
});

test('site data cleared while the app is open: reported in German, and the database works again', async () => {
  await db.open();
  await db.settings.put({ key: 'system', value: { autoUpdates: false } });
  await renderWatching();
  await new Promise<void>((resolve, reject) => {
    const request = indexedDB.deleteDatabase(db.name);
    request.onsuccess = () => resolve();
    request.onerror = () => reject(request.error);
  });
  expect(
    await screen.findByText(
      'Die lokalen Daten wurden gelöscht (z. B. über die Browser-Einstellungen). Fehlerprotokoll, Postausgang und Einstellungen beginnen neu; bitte laden Sie die Seite neu.',
    ),
  ).toBeInTheDocument();
  expect(await db.settings.get('system')).toBeUndefined();
  await db.settings.put({ key: 'system', value: { autoUpdates: true } });
  expect(await db.settings.count()).toBe(1);
});

test('an upgrade blocked by an older tab: the German notice shows, without a reload button, and the upgrade goes through once that tab closes', async () => {
  db.close();
  await Dexie.delete(db.name);
  // An older app version's tab: its schema is older (IndexedDB version 5 < 10) and it ignores versionchange.
  const stale = await new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(db.name, 5);
    request.onupgradeneeded = () =>
      request.result.createObjectStore('errorLog', { keyPath: 'id', autoIncrement: true });
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  await renderWatching();
  const opening = db.open();
  const notice = await screen.findByText(
    'Die Datenbank kann nicht aktualisiert werden, solange Newsdesk in einem anderen Tab geöffnet ist. Bitte schließen Sie die anderen Tabs oder laden Sie sie neu.',
  );
  expect(notice).toBeInTheDocument();
  // It clears itself once the other tab closes; a reload of this tab would not help.
  expect(screen.queryByRole('button', { name: 'Neu laden' })).not.toBeInTheDocument();
  stale.close();
  await opening;
  expect(db.verno).toBe(1);
  await db.settings.put({ key: 'system', value: { autoUpdates: true } });
  expect(await db.settings.count()).toBe(1);
});
