import { preloadContract } from './contract-files';

afterEach(() => {
  document.head.replaceChildren();
});

const preloads = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((l) => l.getAttribute('href'));

test('asks for every chunk the document lists at once, each once', async () => {
  document.head.innerHTML =
    '<link rel="modulepreload" crossorigin href="/assets/schemas-a.js">' +
    '<meta name="newsdesk-contract" content="/assets/contract-b.js /assets/schemas-a.js /assets/entities-content-c.js">';
  await preloadContract();
  await preloadContract();
  expect(preloads()).toEqual(['/assets/schemas-a.js', '/assets/contract-b.js', '/assets/entities-content-c.js']);
  const added = document.head.querySelector<HTMLLinkElement>('link[href="/assets/contract-b.js"]');
  // Module scripts are fetched in CORS mode: a preload without it would be fetched twice.
  expect(added?.crossOrigin).toBe('');
});

test('does nothing where the document lists no chunks (development, tests)', async () => {
  await preloadContract();
  expect(preloads()).toEqual([]);
});
