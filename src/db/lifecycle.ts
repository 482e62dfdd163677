import type Dexie from 'dexie';

/**
 * What can happen to the database while the app is open:
 * - 'upgraded-elsewhere': a newer version of the app in another tab upgrades the schema. This tab closes its
 *   connection (else it would block the upgrade) and stays closed: its code knows only the old schema.
 * - 'blocked': this tab wants to upgrade, but another tab still holds the old version open.
 * - 'wiped': the database was deleted or the site data cleared while the app was open; it is opened again, empty.
 */
export type DatabaseEvent = 'upgraded-elsewhere' | 'blocked' | 'wiped';

/**
 * Watches one connection for schema upgrades by other tabs, blocked upgrades and wipes; returns a stop function.
 * Writes in flight when the database goes away abort as whole transactions, so nothing half-written remains.
 */
export function watchDatabase(target: Dexie, notify: (event: DatabaseEvent) => void): () => void {
  let stopped = false;
  let openedBefore = target.isOpen();
  let createdNow = false;

  const reopen = () => {
    // Queued behind the delete request, so it creates the database afresh once the delete is through.
    if (!stopped)
      target
        .open()
        .catch((error: unknown) =>
          console.warn('Datenbank konnte nicht geöffnet werden.', error instanceof Error ? error.message : error),
        );
  };
  // Dexie calls versionchange subscribers newest first; returning false skips its own handler, which closes
  // with auto-open on, so that the next write would reopen (and even patch) the newer schema with this tab's old code.
  const onVersionChange = (event: IDBVersionChangeEvent): boolean | undefined => {
    if (stopped) return undefined;
    if (event.newVersion === null || event.newVersion === 0) {
      // A delete: Dexie's handler closes the connection; opening again recreates it, and 'ready' reports the wipe.
      setTimeout(reopen, 0);
      return undefined;
    }
    target.close({ disableAutoOpen: true });
    notify('upgraded-elsewhere');
    return false;
  };
  const onBlocked = () => {
    if (!stopped) notify('blocked');
  };
  const onPopulate = () => {
    createdNow = true;
  };
  // The browser closed the connection itself (Chrome does when the site data are cleared).
  const onForcedClose = () => setTimeout(reopen, 0);
  let backend: IDBDatabase | null = null;
  const onReady = () => {
    if (stopped) return;
    if (openedBefore && createdNow) notify('wiped');
    openedBefore = true;
    createdNow = false;
    backend?.removeEventListener('close', onForcedClose);
    backend = target.backendDB();
    backend?.addEventListener('close', onForcedClose);
  };

  target.on('versionchange', onVersionChange);
  target.on('blocked', onBlocked);
  target.on('populate', onPopulate);
  target.on('ready', onReady, true);
  return () => {
    stopped = true;
    target.on('versionchange').unsubscribe(onVersionChange);
    target.on('blocked').unsubscribe(onBlocked);
    target.on('populate').unsubscribe(onPopulate);
    target.on('ready').unsubscribe(onReady);
    backend?.removeEventListener('close', onForcedClose);
  };
}
