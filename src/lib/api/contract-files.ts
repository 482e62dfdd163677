import { nextTask } from '@/lib/next-task';

/** The document's list of the contract's chunks (written by the build; absent in development and tests). */
export const CONTRACT_FILES_META = 'newsdesk-contract';

/**
 * Asks for every chunk of the contract at once: fetched and parsed side by side, run later one by one by
 * `loadContract`. Each file it imports would otherwise be asked for only once the one before has run, a round trip each
 * before a screen's first call can go out. One link per task: while the page loads, adding them all at once made a long
 * task (README, Performance notes).
 */
export async function preloadContract(doc: Document = document): Promise<void> {
  const meta = doc.querySelector<HTMLMetaElement>(`meta[name="${CONTRACT_FILES_META}"]`);
  for (const href of meta?.content.split(' ') ?? []) {
    await nextTask();
    const asked = [...doc.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].some(
      (l) => l.getAttribute('href') === href,
    );
    if (!href || asked) continue;
    const link = doc.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    doc.head.append(link);
  }
}
