// Upload files a crash or a kill left half-written in the media folder (`.upload-*`): no row names them, so nobody
// else would ever remove them, and on a small disk they add up to the next „Speicher voll“.
import { readdir, stat, unlink } from 'node:fs/promises';
import path from 'node:path';

const PREFIX = '.upload-';

/**
 * Removes the upload leftovers not written to for `olderThanMs` (an upload in progress on another instance sharing the
 * folder writes at least every upload-idle interval); returns how many went. A missing folder has none.
 */
export async function sweepUploadLeftovers(mediaDir: string, olderThanMs: number, now = Date.now()): Promise<number> {
  let names: string[];
  try {
    names = await readdir(mediaDir);
  } catch {
    return 0;
  }
  let removed = 0;
  for (const name of names.filter((n) => n.startsWith(PREFIX))) {
    const file = path.join(mediaDir, name);
    try {
      const found = await stat(file);
      if (!found.isFile() || now - found.mtimeMs < olderThanMs) continue;
      await unlink(file);
      removed += 1;
    } catch {
      // Gone meanwhile (its upload ended), or not ours to remove: left alone.
    }
  }
  return removed;
}
