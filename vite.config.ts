import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { createServer, defineConfig, type Plugin, type Rolldown } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { cspPolicy, inlineScriptHashes, SECURITY_HEADERS } from './scripts/build/csp';
import { DASHBOARD_SCREENS } from './src/lib/screens';

const src = fileURLToPath(new URL('./src', import.meta.url));

/**
 * The modules each route of src/app/router.tsx loads lazily before its screen shows (besides src/app/render.tsx, which
 * every route but / needs: main.tsx renders the landing page through app/landing-shell.tsx, without the router). Keep
 * in step with the router: a module that is not in the build fails the build.
 */
const ROUTE_MODULES: Record<string, string[]> = (() => {
  const feature = (name: string) => `features/${name}/index.ts`;
  const dashboard = (screen: string) => ['app/dashboard-layout.tsx', feature(screen)];
  return {
    '/': ['app/landing-shell.tsx', feature('landing')],
    '/fixtures': [feature('fixtures')],
    ...Object.fromEntries(DASHBOARD_SCREENS.map(({ path, id }) => [path, dashboard(id)])),
    '/dashboard/admin/settings': dashboard('admin'),
  };
})();

/**
 * Route-aware module preloading. The screen's code is reached through two dynamic imports (main.tsx → app/render →
 * the route's lazy chunks), so the browser would only ask for it once render.js has downloaded and run. A tiny inline
 * script in index.html adds modulepreload links for exactly the chunks of the opened path, so they download while
 * the shell loads. Preloading fetches and parses but runs nothing: main.tsx still imports the app after the mock
 * network. Vite preloads only the entry's static imports and no bundler plugin knows the routes, hence by hand.
 */
function routePreload() {
  let base = '/';
  // What the build decided, for routeDocuments below: the inline script as written into index.html, and each route's files.
  const built = { script: '', routes: new Map<string, string[]>() };
  const plugin: Plugin = {
    name: 'newsdesk-route-preload',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        if (!ctx.bundle) return html;
        const chunks = Object.values(ctx.bundle).filter((c): c is Rolldown.OutputChunk => c.type === 'chunk');
        const byFile = new Map(chunks.map((c) => [c.fileName, c]));
        const chunkOf = (module: string) => {
          const id = `${src}/${module}`;
          const chunk = chunks.find((c) => c.facadeModuleId === id) ?? chunks.find((c) => c.moduleIds.includes(id));
          if (!chunk) throw new Error(`route preload: no chunk holds src/${module}`);
          return chunk;
        };
        const closure = (chunk: Rolldown.OutputChunk, into = new Set<string>()) => {
          if (into.has(chunk.fileName)) return into;
          into.add(chunk.fileName);
          for (const file of chunk.imports) {
            const dep = byFile.get(file);
            if (dep) closure(dep, into);
          }
          return into;
        };
        const entry = chunks.find((c) => c.isEntry);
        if (!entry) throw new Error('route preload: no entry chunk');
        const have = closure(entry); // Vite's own modulepreload links and the entry script
        const shell = [...closure(chunkOf('app/render.tsx'))].filter((f) => !have.has(f));
        const files: string[] = [];
        const index = (file: string) => (files.includes(file) ? files.indexOf(file) : files.push(file) - 1);
        shell.forEach(index);
        // Each route's list is complete (the shell's chunks included, but for /); any other path gets the shell.
        const routes = Object.fromEntries(
          Object.entries(ROUTE_MODULES).map(([route, modules]) => {
            const needed = new Set<string>(route === '/' ? [] : shell);
            for (const module of modules) closure(chunkOf(module), needed);
            return [route, [...needed].filter((f) => !have.has(f)).map(index)];
          }),
        );
        const script =
          `(function(f,s,r){var p=location.pathname.replace(/\\/+$/,'')||'/',l=r[p]||s;` +
          // index.html carries the landing page's prerender: a host answering a deep link with it must not show that.
          `if(p!=='/')document.documentElement.setAttribute('data-deep-link','');` +
          `for(var i=0;i<l.length;i++){var e=document.createElement('link');e.rel='modulepreload';e.fetchPriority='low';e.crossOrigin='';e.href=${JSON.stringify(base)}+f[l[i]];document.head.appendChild(e)}})` +
          `(${JSON.stringify(files)},${JSON.stringify(shell.map(index))},${JSON.stringify(routes)});`;
        // The contract's chunks, for src/lib/api/contract-files.ts to ask for at once when the first call nears.
        const contract = [...closure(chunkOf('contract/index.ts'))].filter((f) => !have.has(f)).map((f) => base + f);
        built.script = script;
        built.routes = new Map(
          Object.entries(routes).map(([route, list]) => [route, list.map((i) => `${base}${files[i]}`)]),
        );
        return [
          { tag: 'script', children: script, injectTo: 'head' },
          { tag: 'meta', attrs: { name: 'newsdesk-contract', content: contract.join(' ') }, injectTo: 'head' },
        ];
      },
    },
  };
  return { plugin, built };
}
const routePreloads = routePreload();

/**
 * One document per route (dist/dashboard/posts.html, …): index.html with the route's modulepreload links written out
 * as tags instead of the inline script that adds them (parsing tags costs the first task less than the script's
 * appendChild calls), and with the screen's shell prerendered into #root (src/app/prerender.tsx); index.html itself
 * gets the landing page. Hosts answer /dashboard/posts with dashboard/posts.html (vite preview, the Newsdesk server,
 * nginx `try_files $uri $uri.html /index.html`, Netlify's and Vercel's clean URLs), and so does the service worker
 * (public/sw-routes.js); every other address gets index.html. Runs after the CSP plugin: the copies carry its policy,
 * whose hashes (the theme script's among them) cover their one remaining inline script.
 */
function routeDocuments(): Plugin {
  return {
    name: 'newsdesk-route-documents',
    apply: 'build',
    enforce: 'post',
    async generateBundle(_options, bundle) {
      const index = bundle['index.html'];
      if (index?.type !== 'asset' || typeof index.source !== 'string')
        throw new Error('route documents: no index.html in the build');
      const tag = `<script>${routePreloads.built.script}</script>`;
      if (!routePreloads.built.script || !index.source.includes(tag))
        throw new Error('route documents: index.html has no route preload script');
      const root = '<div id="root"></div>';
      if (!index.source.includes(root)) throw new Error('route documents: index.html has no empty #root');
      // Scripts at low priority: the prerendered page paints with the document and its stylesheet, which would otherwise
      // share a slow link (six connections over HTTP/1.1) with some 170 KB of scripts that cannot draw anything sooner.
      const vitePreload = '<link rel="modulepreload" crossorigin';
      const lowPreload = '<link rel="modulepreload" fetchpriority="low" crossorigin';
      if (!index.source.includes(vitePreload)) throw new Error('route documents: index.html has no modulepreload link');
      index.source = index.source.replaceAll(vitePreload, lowPreload);
      const prerender = await loadPrerender();
      try {
        for (const [route, files] of routePreloads.built.routes) {
          if (route === '/') continue;
          const links = files.map((file) => `${lowPreload} href="${file}">`).join('\n    ');
          // The fixture gallery is a designers' page, not a screen: it keeps an empty #root.
          const shell = route.startsWith('/dashboard') ? prerender.module.prerenderDashboard(route) : '';
          const source = index.source.replace(tag, links).replace(root, `<div id="root">${shell}</div>`);
          this.emitFile({ type: 'asset', fileName: `${route.slice(1)}.html`, source });
        }
        index.source = index.source.replace(root, `<div id="root">${prerender.module.prerenderLanding()}</div>`);
      } finally {
        await prerender.close();
      }
    },
  };
}

/**
 * src/app/prerender.tsx through Vite's SSR loader: the app's own components with the same aliases and transforms as
 * the build, rendered by react-dom/server. A server of its own (no config file): this build's plugins stay out of it.
 */
async function loadPrerender() {
  const server = await createServer({
    configFile: false,
    logLevel: 'error',
    appType: 'custom',
    resolve: { alias: [{ find: '@', replacement: src }] },
    server: { middlewareMode: true, hmr: false, ws: false },
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  try {
    const module = (await server.ssrLoadModule(`${src}/app/prerender.tsx`)) as {
      prerenderDashboard: (path: string) => string;
      prerenderLanding: () => string;
    };
    return { module, close: () => server.close() };
  } catch (error) {
    await server.close();
    throw error;
  }
}

/**
 * What a module takes from the icon and Radix barrels (`import { Menu } from 'lucide-react'`): the barrel imports every
 * icon and every primitive, so following it would put what only a dialog uses into a chunk a screen loads first. The
 * walk stops at a barrel and follows the named parts instead (read from the barrel's own export lines).
 */
function barrelParts(ids: string[]) {
  const parts = new Map<string, Map<string, string>>();
  for (const id of ids) {
    const lucide = /\/node_modules\/lucide-react\/dist\/esm\/lucide-react\.mjs$/.test(id);
    const radix = /\/node_modules\/radix-ui\/dist\/index\.mjs$/.test(id);
    if (!lucide && !radix) continue;
    const code = readFileSync(id, 'utf8');
    const names = new Map<string, string>();
    if (lucide)
      for (const [, list, file] of code.matchAll(/export \{([^}]*)\} from '(\.\/icons\/[^']+)'/g))
        for (const alias of list.matchAll(/as (\w+)/g)) names.set(alias[1], path.resolve(path.dirname(id), file));
    for (const [, name, pkg] of code.matchAll(/import \* as (\w+) from "([^"]+)"/g)) {
      const dep = ids.find((other) => other.includes(`/node_modules/${pkg}/`));
      if (dep) names.set(name, dep);
    }
    parts.set(id, names);
  }
  const importsOf = /import\s*\{([^}]*)\}\s*from\s*'(lucide-react|radix-ui)'/g;
  // The walks pass a module many times (once per screen): each source file is read once.
  const known = new Map<string, string[]>();
  return {
    parts,
    /** The parts of a barrel that `id` names in its imports. */
    named(id: string, imported: readonly string[]): string[] {
      const barrels = imported.filter((dep) => parts.has(dep));
      if (barrels.length === 0 || !id.startsWith(src)) return [];
      const cached = known.get(id);
      if (cached) return cached;
      const found: string[] = [];
      known.set(id, found);
      for (const [, list, pkg] of readFileSync(id, 'utf8').matchAll(importsOf)) {
        const barrel = barrels.find((dep) => dep.includes(`/node_modules/${pkg}/`));
        for (const name of list.split(',').map((entry) => entry.trim().split(/\s+/)[0])) {
          const part = barrel && name ? parts.get(barrel)?.get(name) : undefined;
          if (part) found.push(part);
        }
      }
      return found;
    },
  };
}

// Code (as transformed, before minifying) a screen's lazy parts may borrow from another screen for it to move to the shell.
const BORROWED_TO_SHELL = 6144;

/**
 * Fewer, larger chunks before a screen's heading. Left alone, Rolldown splits what the dashboard loads by which lazy
 * chunks share it: a deep link asked for ~40 files, which an HTTP/1.1 host serves six at a time, each with its own gzip
 * header and import lines. Four kinds of group, each module in one:
 * - shell: what the layout needs and what two or more screens load, that nothing outside the dashboard reaches (every
 *   screen loads all of it anyway), and what a screen's lazy parts borrow from another screen, up to 6 KB of code a pair;
 * - base: what the landing page's first render shares with the dashboard (react-dom stays apart, the largest file);
 * - common: what the landing page's idle extras or the mock network share with the dashboard;
 * - one per screen: the modules only that screen loads, with its page (a chunk named after its folder).
 * Modules nothing on the dashboard loads keep Rolldown's own splitting (the landing page, the mock network, dialogs).
 */
function dashboardChunks() {
  const groups = { shell: new Set<string>(), base: new Set<string>(), common: new Set<string>() };
  const screens = new Map<string, Set<string>>(DASHBOARD_SCREENS.map(({ id }) => [id, new Set<string>()]));
  const roots = ['app/render.tsx', 'app/dashboard-layout.tsx'].map((module) => `${src}/${module}`);
  // Files whose place other groups decide (the entity files evaluate in order) or that must stay apart.
  const apart = /\/src\/contract\/entities\/|\/node_modules\/react-dom\//;
  const plugin: Plugin = {
    name: 'newsdesk-dashboard-chunks',
    apply: 'build',
    buildEnd() {
      for (const set of [...Object.values(groups), ...screens.values()]) set.clear();
      const barrels = barrelParts([...this.getModuleIds()]);
      const reach = (starts: string[], { dynamic, stop }: { dynamic: boolean; stop: Set<string> }) => {
        const seen = new Set<string>();
        const queue = [...starts];
        while (queue.length > 0) {
          const id = queue.pop();
          if (id === undefined || seen.has(id) || stop.has(id) || barrels.parts.has(id)) continue;
          seen.add(id);
          const info = this.getModuleInfo(id);
          if (!info) continue;
          queue.push(...info.importedIds, ...barrels.named(id, info.importedIds));
          if (dynamic) queue.push(...info.dynamicallyImportedIds);
        }
        return seen;
      };
      const stopAtShell = new Set(roots);
      // Everything the page can load without entering the shell: the landing page, its extras, the mock network.
      const outside = reach([`${src}/main.tsx`], { dynamic: true, stop: stopAtShell });
      // What the landing page's first render runs.
      const landing = reach([`${src}/main.tsx`, `${src}/app/landing-shell.tsx`], { dynamic: false, stop: stopAtShell });
      const layout = reach(roots, { dynamic: false, stop: new Set() });
      for (const id of layout) if (!outside.has(id)) groups.shell.add(id);
      if (!roots.every((root) => groups.shell.has(root)))
        throw new Error('dashboard chunks: the shell is reached from outside it');
      const screenIndex = (id: string) => `${src}/features/${id}/index.ts`;
      const uses = new Map<string, string[]>();
      for (const { id } of DASHBOARD_SCREENS)
        for (const module of reach([screenIndex(id)], { dynamic: false, stop: new Set() }))
          uses.set(module, [...(uses.get(module) ?? []), id]);
      // A screen's lazy parts (its table, form, tabs) that borrow a little from another screen (an icon, a helper) would
      // fetch that screen's whole chunk; the little, with what it imports, goes to the shell instead. The shell's own lazy
      // parts (the offline prefetch) are left to borrow: they load after the screen has settled.
      const ownedByOne = (module: string) =>
        !layout.has(module) && !outside.has(module) && !apart.test(module) && uses.get(module)?.length === 1;
      const codeSize = (module: string) => this.getModuleInfo(module)?.code?.length ?? 0;
      for (const { id } of DASHBOARD_SCREENS) {
        const borrowed = new Map<string, Set<string>>();
        for (const module of reach([screenIndex(id)], { dynamic: true, stop: new Set() })) {
          const owner = uses.get(module)?.[0];
          if (!ownedByOne(module) || owner === undefined || owner === id) continue;
          const set = borrowed.get(owner) ?? new Set<string>();
          for (const dep of reach([module], { dynamic: false, stop: groups.shell })) if (ownedByOne(dep)) set.add(dep);
          borrowed.set(owner, set);
        }
        for (const set of borrowed.values())
          if ([...set].reduce((sum, module) => sum + codeSize(module), 0) <= BORROWED_TO_SHELL)
            for (const module of set) groups.shell.add(module);
      }
      for (const module of new Set([...layout, ...uses.keys()])) {
        if (apart.test(module) || groups.shell.has(module)) continue;
        const users = uses.get(module) ?? [];
        if (landing.has(module)) groups.base.add(module);
        else if (outside.has(module)) groups.common.add(module);
        else if (users.length === 1 && !layout.has(module)) screens.get(users[0])?.add(module);
        else groups.shell.add(module);
      }
    },
  };
  const test = (set: Set<string>) => (id: string) => set.has(id);
  return {
    plugin,
    groups: [
      { name: 'shell', test: test(groups.shell) },
      { name: 'base', test: test(groups.base) },
      { name: 'common', test: test(groups.common) },
      ...[...screens].map(([name, set]) => ({ name, test: test(set) })),
    ].map((group) => ({ ...group, includeDependenciesRecursively: false })),
  };
}
const dashboardChunkGroups = dashboardChunks();

/**
 * The Content-Security-Policy of the build (scripts/build/csp.ts): a <meta> tag at the top of index.html whose script-src
 * lists the sha256 of each inline script as built (the theme script, the route preload), and dist/csp.json with the
 * same policy as a header (plus frame-ancestors, which a meta tag cannot carry) for a server to send.
 */
function contentSecurityPolicy(): Plugin {
  return {
    name: 'newsdesk-csp',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const index = bundle['index.html'];
      if (index?.type !== 'asset' || typeof index.source !== 'string')
        throw new Error('csp: no index.html in the build');
      const hashes = inlineScriptHashes(index.source);
      const meta = `<meta http-equiv="Content-Security-Policy" content="${cspPolicy(hashes)}" />`;
      // Before every script: a meta policy governs only what the parser meets after it.
      const html = index.source.replace(/(<meta charset="UTF-8" \/>)/i, `$1\n    ${meta}`);
      if (html === index.source) throw new Error('csp: index.html has no <meta charset> to put the policy after');
      index.source = html;
      const headers = { 'Content-Security-Policy': cspPolicy(hashes, { header: true }), ...SECURITY_HEADERS };
      this.emitFile({
        type: 'asset',
        fileName: 'csp.json',
        source: `${JSON.stringify({ meta: cspPolicy(hashes), scriptHashes: hashes, headers }, null, 2)}\n`,
      });
    },
  };
}

export default defineConfig(({ command }) => ({
  plugins: [
    react(),
    tailwindcss(),
    routePreloads.plugin,
    dashboardChunkGroups.plugin,
    contentSecurityPolicy(),
    routeDocuments(),
    VitePWA({
      registerType: 'prompt',
      injectRegister: null,
      // globPatterns below already take the manifest icons from public/; listing them again would precache them twice.
      includeManifestIcons: false,
      manifest: {
        name: 'Newsdesk – AI News Console',
        short_name: 'Newsdesk',
        description: 'Operator console for automated AI news: workflow, posts, media, video studio and live broadcast.',
        lang: 'de',
        theme_color: '#0f172a',
        background_color: '#0f172a',
        display: 'standalone',
        start_url: '/dashboard',
        scope: '/',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
        shortcuts: [
          { name: 'Live Broadcast', url: '/dashboard/live', icons: [{ src: '/icons/icon-192.png', sizes: '192x192' }] },
          { name: 'Workflow', url: '/dashboard/workflow', icons: [{ src: '/icons/icon-192.png', sizes: '192x192' }] },
          { name: 'Posts', url: '/dashboard/posts', icons: [{ src: '/icons/icon-192.png', sizes: '192x192' }] },
        ],
      },
      workbox: {
        // Everything built plus public/'s favicon and icons (no includeAssets: it listed them a second time).
        globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
        // config.json decides mock vs live and must follow the network; the mock chunk is cached at run time only.
        // The route documents are precached: public/sw-routes.js answers a screen's navigation with its own one.
        globIgnores: ['**/config.json', '**/mock-network-*.js', 'fixtures.html'],
        navigateFallback: '/index.html',
        // public/sw-routes.js: the hashed build files come from the precache without the fetch handler (static routes).
        importScripts: ['/sw-routes.js'],
        // Take control on first install so the shell works offline after one visit; updates still wait for the prompt.
        clientsClaim: true,
        navigateFallbackDenylist: [/^\/api\//, /^\/auth\//, /^\/news\//, /^\/feed\.xml$/, /^\/newsdesk-ca\.crt$/],
        runtimeCaching: [
          {
            urlPattern: ({ url }) => url.pathname === '/config.json',
            handler: 'NetworkFirst',
            // ignoreVary: the server varies on Origin, and the page's warm-up fetch sends none.
            options: { cacheName: 'newsdesk-config', networkTimeoutSeconds: 3, matchOptions: { ignoreVary: true } },
          },
          {
            urlPattern: ({ url }) => /\/assets\/mock-network-[^/]+\.js$/.test(url.pathname),
            handler: 'CacheFirst',
            options: { cacheName: 'newsdesk-mocks', expiration: { maxEntries: 8 }, matchOptions: { ignoreVary: true } },
          },
        ],
      },
    }),
  ],
  resolve: {
    alias: [
      { find: '@', replacement: src },
      ...(command === 'build' ? [{ find: /^tldts$/, replacement: `${src}/mocks/tldts-stub.ts` }] : []),
    ],
  },
  build: {
    target: 'es2022',
    // Every browser we support knows modulepreload; the polyfill would cost the first render ~1 KB.
    modulePreload: { polyfill: false },
    rollupOptions: {
      output: {
        // The dashboard's groups first (dashboardChunks): a module goes to the first group that takes it.
        codeSplitting: {
          groups: [
            ...dashboardChunkGroups.groups,
            // The icons that more than one chunk uses, and lucide's own helpers, in one file instead of ~36 files of ~300 bytes
            // each: every module script costs the main thread its fetch, compile and instantiation (/dashboard loaded 71).
            {
              name: 'icons',
              test: /\/node_modules\/lucide-react\/dist\/esm\//,
              minShareCount: 3,
              includeDependenciesRecursively: false,
            },
            // The entity files, a chunk each (lib/api/client.ts evaluates them in order), named so that none passes for a
            // screen's chunk (entities/admin.ts is not the Admin screen); the helpers ride with the first: no 145-byte chunk.
            {
              name: 'entities-content',
              test: /\/src\/contract\/entities\/(common|content)\.ts$/,
              includeDependenciesRecursively: false,
            },
            // zod's ISO date-time schema, which only this file uses, rides with it instead of taking a request of its own.
            {
              name: 'entities-production',
              test: /\/src\/contract\/entities\/production\.ts$|\/node_modules\/zod\/v4\/mini\/iso\.js$/,
              includeDependenciesRecursively: false,
            },
            {
              name: 'entities-admin',
              test: /\/src\/contract\/entities\/admin\.ts$/,
              includeDependenciesRecursively: false,
            },
          ],
        },
        // react-dom shares its chunk with whichever small module both shells import first; name it after react-dom.
        chunkFileNames: (chunk) =>
          chunk.name.startsWith('mock-network')
            ? 'assets/mock-network-[hash].js'
            : chunk.moduleIds.some((id) => /node_modules\/react-dom\/cjs\/react-dom-client\./.test(id))
              ? 'assets/react-dom-[hash].js'
              : 'assets/[name]-[hash].js',
      },
    },
  },
  preview: { port: 4173, strictPort: true },
}));
