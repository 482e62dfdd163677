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

test('a newer tab upgrading the database: this tab says so in German and offers a reload', async () => {
  await db.open();
  const reload = vi.fn();
  let watching!: () => void;
  const ready = new Promise<void>((resolve) => (watching = resolve));
  render(
    <>
      <DatabaseNotices reload={reload} onWatching={watching} />
      <Toaster />
    </>,
  );
  await ready;
  const newer = new Dexie(db.name);
  newer.version(1).stores({ errorLog: '++id, timestamp, service, resolved', outbox: 'id, status, createdAt, idempotencyKey', settings: 'key', prompts: 'id, createdAt, category' });
  newer.version(2).stores({ drafts: 'id' });
  await newer.open();
  expect(await screen.findByText('Die Datenbank wurde in einem anderen Tab aktualisiert. Bitte laden Sie die Seite neu.')).toBeInTheDocument();
  expect(db.isOpen()).toBe(false);
  fireEvent.click(screen.getByRole('button', { name: 'Neu laden' }));
  expect(reload).toHaveBeenCalledTimes(1);
  newer.close();
});

test('site data cleared while the app is open: reported in German, and the database works again', async () => {
  await db.open();
  await db.settings.put({ key: 'system', value: { autoUpdates: false } });
  let watching!: () => void;
  const ready = new Promise<void>((resolve) => (watching = resolve));
  render(
    <>
      <DatabaseNotices reload={() => undefined} onWatching={watching} />
      <Toaster />
    </>,
  );
  await ready;
  await new Promise<void>((resolve, reject) => {
    const request = indexedDB.deleteDatabase(db.name);
    request.onsuccess = () => resolve();
    request.onerror = () => reject(request.error);
  });
  expect(
    await screen.findByText('Die lokalen Daten wurden gelöscht (z. B. über die Browser-Einstellungen). Fehlerprotokoll, Postausgang und Einstellungen beginnen neu; bitte laden Sie die Seite neu.'),
  ).toBeInTheDocument();
  expect(await db.settings.get('system')).toBeUndefined();
  await db.settings.put({ key: 'system', value: { autoUpdates: true } });
  expect(await db.settings.count()).toBe(1);
});
